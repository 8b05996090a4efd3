import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../../paths.js';

/** One migration as drizzle-kit's journal names it: its file's tag and its timestamp. */
export interface MigrationStep {
  tag: string;
  /** Drizzle records a migration as applied by this number (`created_at`). */
  when: number;
}

interface Journal {
  entries: (MigrationStep & Record<string, unknown>)[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
}

/** Every migration this code knows, oldest first. */
export async function knownMigrations(): Promise<MigrationStep[]> {
  return (await readJournal()).entries.map(({ tag, when }) => ({ tag, when }));
}

/** The steps of these timestamps, oldest first; one this code does not know is `unknown (…)`. */
export async function migrationSteps(whens: number[]): Promise<MigrationStep[]> {
  const known = new Map((await knownMigrations()).map((step) => [step.when, step.tag]));
  return [...whens]
    .sort((a, b) => a - b)
    .map((when) => ({ when, tag: known.get(when) ?? `unknown (${when})` }));
}

/**
 * A migrations folder holding only the migrations up to and including `when`, for bringing an
 * empty database to an older copy's level before its rows go in (the rest run after). The
 * caller removes it with `remove`.
 */
export async function migrationsUpTo(
  when: number,
): Promise<{ folder: string; remove: () => Promise<void> }> {
  const journal = await readJournal();
  const entries = journal.entries.filter((entry) => entry.when <= when);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-migrations-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    await mkdir(path.join(folder, 'meta'));
    await writeFile(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries }),
    );
    for (const { tag } of entries) {
      await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    return { folder, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
