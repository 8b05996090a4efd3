import type { Linter } from 'eslint';

export declare const walls: Linter.Config[];
/** Files that may read (never write) another feature's tables, each with the tables and why. */
export declare const readOnlyJoins: Record<string, { tables: string[]; why: string }>;
/** Files handed tables without writing SQL, each with why. */
export declare const tablesWithoutSql: Record<string, string>;
