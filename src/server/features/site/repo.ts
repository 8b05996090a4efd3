import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { siteSettings } from '../../platform/db/schema.js';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key))
    .limit(1);
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}
