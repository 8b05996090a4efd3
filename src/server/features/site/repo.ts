import { eq, inArray } from 'drizzle-orm';
import { siteSettings } from './schema.js';
import type { DbOrTx } from '../../core/transaction.js';

export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key))
    .limit(1);
  return row?.value;
}

/** Several settings in one round trip; a key never written is absent from the map. */
export async function readSettings(db: DbOrTx, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}
