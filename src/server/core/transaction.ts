import { afterCommit as runAfterCommit } from '../platform/db/after-commit.js';
import type { Db } from '../platform/db/database.js';

/** An open transaction: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A database handle or an open transaction: reads and writes that work inside either. */
export type DbOrTx = Db | Tx;

/**
 * Runs `work` once the transaction `handle` belongs to has committed, never if it rolls back;
 * at once when `handle` is the database itself (a statement run on it committed as it ran).
 * `work` must not throw.
 */
export const afterCommit: (handle: DbOrTx, work: () => void) => void = runAfterCommit;
