import { AppError, alreadyExists, invalidArgument, notFound } from '../../../../shared/errors.js';
import { newsCategorySlug, type Category } from '../../../../shared/forum.js';
import { isUniqueViolation, type Db } from '../../../platform/db/database.js';
import { recordAudit, type AuditActor } from '../../../core/audit.js';
import { createMemo } from '../../../core/memo.js';
import type { Bus } from '../../../platform/bus/bus.js';
import * as repo from './repo.js';

export function presentCategory(row: repo.CategoryRow): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    position: row.position,
    archived: row.archivedAt !== null,
  };
}

/** `Sci-Fi & Fantasy` → `sci-fi-fantasy`; accents dropped, never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 50)
    .replace(/^-+|-+$/g, '');
  return slug || 'category';
}

/**
 * Categories: listed in their position order, managed by admins. A slug is made once from the
 * first name and kept through renames, so links to /forum?category=… never break; that also
 * makes the slug → id map safe to cache for the process's lifetime. Each change is written to
 * the audit log in its own transaction, by `actor`.
 */
/** `namespace`: of the change messages, for test apps sharing one Redis. */
export function createCategoryService(
  db: Db,
  options: { bus: Bus; namespace: string; onUnsent?: (error: unknown) => void },
) {
  const idBySlug = new Map<string, number>();

  async function read(): Promise<Category[]> {
    return (await repo.allCategories(db)).map(presentCategory);
  }
  // Every page's menu and filter reads the list: kept in memory until an admin changes it.
  const kept = createMemo({
    bus: options.bus,
    channel: `${options.namespace}forum:categories-changed`,
    read,
    ...(options.onUnsent ? { onUnsent: options.onUnsent } : {}),
  });
  /** A change, then the kept list forgotten in every process (also when it failed halfway). */
  const changing =
    <A extends unknown[], R>(change: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await change(...args);
      } finally {
        await kept.forget();
      }
    };

  const service = {
    list: () => kept.get(),
    close: () => kept.close(),

    /** The id of a category slug (archived ones included); not-found for an unknown slug. */
    async idOf(slug: string): Promise<number> {
      const cached = idBySlug.get(slug);
      if (cached !== undefined) return cached;
      const id = await repo.categoryIdBySlug(db, slug);
      if (id === undefined) throw notFound('Category');
      idBySlug.set(slug, id);
      return id;
    },

    async create(
      actor: AuditActor,
      input: { name: string; description: string },
    ): Promise<Category> {
      try {
        const row = await db.transaction(async (tx) => {
          const clash = await repo.categoryNamed(tx, input.name);
          if (clash) throw alreadyExists(`A category named ${clash.name} already exists`);
          const base = slugify(input.name);
          const taken = await repo.slugsStartingWith(tx, base);
          let slug = base;
          for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
          const inserted = await repo.insertCategory(tx, {
            slug,
            name: input.name,
            description: input.description,
          });
          if (inserted) {
            await recordAudit(tx, {
              actor,
              action: 'category.create',
              target: { type: 'category', id: inserted.id, label: inserted.name },
              after: presentCategory(inserted),
            });
          }
          return inserted;
        });
        if (!row) throw notFound('Category');
        return presentCategory(row);
      } catch (error) {
        // Two admins adding the same category at once: the second one learns it exists.
        if (isUniqueViolation(error)) throw alreadyExists('That category was just added');
        throw error;
      }
    },

    async update(
      actor: AuditActor,
      id: number,
      changes: {
        name?: string | undefined;
        description?: string | undefined;
        archived?: boolean | undefined;
      },
    ): Promise<Category> {
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockCategory(tx, id);
        if (!current) throw notFound('Category');
        // The news category holds the articles' comment threads (decision 013): open, it would
        // take threads that no list shows.
        if (current.slug === newsCategorySlug && changes.archived === false) {
          throw new AppError(
            'failed-precondition',
            'The News category holds comments on news articles and stays archived',
          );
        }
        if (
          changes.name !== undefined &&
          changes.name.toLowerCase() !== current.name.toLowerCase()
        ) {
          const clash = await repo.categoryNamed(tx, changes.name);
          if (clash) throw alreadyExists(`A category named ${clash.name} already exists`);
        }
        const archivedAt =
          changes.archived === undefined
            ? current.archivedAt
            : changes.archived
              ? (current.archivedAt ?? new Date())
              : null;
        const updated = await repo.updateCategory(tx, id, {
          name: changes.name ?? current.name,
          description: changes.description ?? current.description,
          archivedAt,
        });
        const [before, after] = [presentCategory(current), updated && presentCategory(updated)];
        if (after && JSON.stringify(before) !== JSON.stringify(after)) {
          await recordAudit(tx, {
            actor,
            action: 'category.update',
            target: { type: 'category', id, label: after.name },
            before,
            after,
          });
        }
        return updated;
      });
      if (!row) throw notFound('Category');
      return presentCategory(row);
    },

    /** Puts the categories in the given order; the ids must be exactly the existing ones. */
    async reorder(actor: AuditActor, ids: number[]): Promise<Category[]> {
      await db.transaction(async (tx) => {
        const existing = await repo.lockCategoryOrder(tx);
        const given = new Set(ids);
        const complete =
          given.size === ids.length &&
          given.size === existing.length &&
          existing.every((row) => given.has(row.id));
        if (!complete) {
          throw invalidArgument('List every category exactly once to reorder them', {
            existing: existing.map((row) => row.id),
          });
        }
        await repo.setCategoryOrder(tx, ids);
        await recordAudit(tx, {
          actor,
          action: 'category.reorder',
          target: { type: 'category', id: 'order', label: 'Category order' },
          before: { ids: existing.map((row) => row.id) },
          after: { ids },
        });
      });
      return read();
    },
  };
  return {
    ...service,
    create: changing(service.create.bind(service)),
    update: changing(service.update.bind(service)),
    reorder: changing(service.reorder.bind(service)),
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
