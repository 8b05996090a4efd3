import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../core/transaction.js';
import { categories } from '../schema.js';

/** The SQL of forum categories. */

export type CategoryRow = typeof categories.$inferSelect;

/** Every category, in the order the menu shows them. */
export function allCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export async function categoryIdBySlug(db: DbOrTx, slug: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row?.id;
}

/** The category with this name in any case, if there is one (names are unique that way). */
export async function categoryNamed(tx: Tx, name: string): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  return row;
}

/** The slugs that start with `base`: a new slug takes the first free `base`, `base-2`, … */
export async function slugsStartingWith(tx: Tx, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: categories.slug })
    .from(categories)
    .where(sql`${categories.slug} like ${`${base}%`}`);
  return new Set(rows.map((row) => row.slug));
}

/** A new category, placed last. */
export async function insertCategory(
  tx: Tx,
  values: { slug: string; name: string; description: string },
): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .insert(categories)
    .values({ ...values, position: sql`(select coalesce(max(position), 0) + 1 from categories)` })
    .returning();
  return row;
}

export async function lockCategory(tx: Tx, id: number): Promise<CategoryRow | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  return row;
}

export async function updateCategory(
  tx: Tx,
  id: number,
  values: { name: string; description: string; archivedAt: Date | null },
): Promise<CategoryRow | undefined> {
  const [row] = await tx.update(categories).set(values).where(eq(categories.id, id)).returning();
  return row;
}

/** Every category's id in menu order, locked while they are reordered. */
export function lockCategoryOrder(tx: Tx): Promise<{ id: number }[]> {
  return tx
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id))
    .for('update');
}

/** The categories in this order: positions 1, 2, … in one statement. */
export async function setCategoryOrder(tx: Tx, ids: number[]): Promise<void> {
  const positions = sql.join(
    ids.map((id, index) => sql`(${id}::integer, ${index + 1}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update categories set position = v.position
      from (values ${positions}) as v(id, position) where categories.id = v.id`,
  );
}
