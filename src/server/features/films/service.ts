import type {
  CreateFilmBody,
  FilmIndexQuery,
  FilmPageQuery,
  UpdateFilmBody,
} from '../../../shared/films.js';
import { filmIndexQuery, filmPageQuery, filmLimits } from '../../../shared/films.js';
import { invalidArgument, notFound } from '../../../shared/errors.js';
import { can } from '../../../shared/permissions.js';
import { recordAudit } from '../../core/audit.js';
import type { Tx } from '../../core/transaction.js';
import { assertNotMuted, type Viewer } from '../../core/viewer.js';
import type { Db } from '../../platform/db/database.js';
import { lockOwnedUpload } from '../uploads/index.js';
import { presentFilm, presentFilmDetail, presentFilmReview } from './presenter.js';
import * as repo from './repo.js';

/**
 * What films ask of the forum, whose threads reviews are: moving a film's reviews to another
 * film (a merge) and renaming them (an edit of the title). `app.ts` hands in the forum's.
 */
export interface FilmReviewLinks {
  moveReviews(tx: Tx, fromFilmId: number, toFilmId: number, title: string): Promise<void>;
  retitleReviews(tx: Tx, filmId: number, title: string): Promise<void>;
}

const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** A film's details as an edit or a merge records them in the audit log. */
const auditShape = (row: repo.FilmRow) => ({
  title: row.title,
  year: row.year,
  originalTitle: row.original_title,
  director: row.director,
  posterUrl: row.poster_upload_id ? `/media/${row.poster_upload_id}.webp` : null,
});

const uploadIdOf = (url: string) => /^\/media\/([a-z0-9]+)(?:\.thumb)?\.webp$/.exec(url)?.[1];

export function createFilmService(db: Db, links: FilmReviewLinks) {
  async function liveFilm(tx: Tx, id: number) {
    const row = await repo.filmById(tx, id, { lock: true, followMerge: false });
    if (!row) throw notFound('Film');
    return row;
  }

  return {
    async index(query: FilmIndexQuery) {
      const filter = filmIndexQuery.parse(query);
      const siteMean = filter.sort === 'best-rated' ? await repo.siteMeanRating(db) : 0;
      const { rows, total } = await repo.filmIndexPage(db, { ...filter, siteMean });
      return {
        items: rows.map(presentFilm),
        page: filter.page,
        pageCount: pageCount(total, filmLimits.indexPageSize),
        total,
      };
    },

    async suggest(typed: string) {
      const rows = await repo.suggestFilms(db, typed);
      return {
        items: rows.map((row) => {
          const { id, title, year, reviewCount, url } = presentFilm(row);
          return { id, title, year, reviewCount, url };
        }),
      };
    },

    /** A film's page: the film (the survivor, for one merged away) and a page of its reviews. */
    async read(viewer: Viewer | null, id: number, query: FilmPageQuery) {
      const { sort, page } = filmPageQuery.parse(query);
      const film = await repo.filmById(db, id);
      if (!film) throw notFound('Film');
      const [reviews, following] = await Promise.all([
        repo.filmReviewsPage(db, Number(film.id), sort, page),
        // A visitor's page asks nothing more.
        viewer ? repo.followsFilm(db, Number(film.id), viewer.id) : false,
      ]);
      return {
        film: presentFilmDetail(film, {
          canFollow: viewer !== null,
          following,
          canEdit: can(viewer?.role, 'films.edit'),
        }),
        reviews: {
          items: reviews.map(presentFilmReview),
          page,
          pageCount: pageCount(Number(film.review_count), filmLimits.reviewsPageSize),
        },
      };
    },

    /**
     * A new film, or the film of the same title (by `film_key`) and year when there is one:
     * two members adding the same film at once end with one.
     */
    async create(viewer: Viewer, body: CreateFilmBody) {
      assertNotMuted(viewer);
      return db.transaction(async (tx) => {
        // One adder at a time per key: the second finds the first's film.
        await repo.lockFilmKey(tx, body.title);
        const existing = await repo.filmByKey(tx, body.title, Number(body.year));
        if (existing) return { film: presentFilm(existing), created: false };
        const row = await repo.insertFilm(tx, {
          title: body.title,
          year: Number(body.year),
          originalTitle: body.originalTitle ?? null,
          director: body.director ?? null,
          createdById: viewer.id,
        });
        return { film: presentFilm(row), created: true };
      });
    },

    async update(viewer: Viewer, id: number, body: UpdateFilmBody) {
      return db.transaction(async (tx) => {
        const before = await liveFilm(tx, id);
        if (before.merged_into_id != null) {
          throw invalidArgument('This film was merged into another: edit that one');
        }
        let posterUploadId: string | null | undefined;
        if (body.posterUrl !== undefined) {
          posterUploadId = body.posterUrl === null ? null : uploadIdOf(body.posterUrl);
          if (posterUploadId && !(await lockOwnedUpload(tx, viewer.id, posterUploadId))) {
            throw invalidArgument('Choose a poster image you uploaded', {
              fields: { posterUrl: 'Choose a poster image you uploaded' },
            });
          }
        }
        const after = await repo.updateFilm(tx, id, {
          ...(body.title !== undefined && { title: body.title }),
          ...(body.year !== undefined && { year: Number(body.year) }),
          ...(body.originalTitle !== undefined && { originalTitle: body.originalTitle }),
          ...(body.director !== undefined && { director: body.director }),
          ...(posterUploadId !== undefined && { posterUploadId }),
        });
        if (after.title !== before.title) await links.retitleReviews(tx, id, after.title);
        await recordAudit(tx, {
          actor: viewer,
          action: 'film.update',
          target: { type: 'film', id, label: after.title },
          before: auditShape(before),
          after: auditShape(after),
        });
        return { film: presentFilm(after) };
      });
    },

    /**
     * Merges film `id` into `intoId`: its reviews move, it points at the survivor (its address
     * redirects there), the audit log tells it. Both rows are locked in id order, so two merges
     * at once run one after the other and the second finds the first's result.
     */
    async merge(viewer: Viewer, id: number, intoId: number) {
      if (id === intoId) throw invalidArgument('A film cannot be merged into itself');
      return db.transaction(async (tx) => {
        const [first, second] = id < intoId ? [id, intoId] : [intoId, id];
        const rows = new Map([
          [first, await liveFilm(tx, first)],
          [second, await liveFilm(tx, second)],
        ]);
        const from = rows.get(id);
        const into = rows.get(intoId);
        if (!from || !into) throw notFound('Film');
        if (from.merged_into_id != null) {
          throw invalidArgument('This film was already merged into another');
        }
        if (into.merged_into_id != null) {
          throw invalidArgument('That film was merged into another: merge into the one it became', {
            fields: { intoId: 'That film was merged away' },
          });
        }
        await links.moveReviews(tx, id, intoId, into.title);
        await repo.carryFollows(tx, id, intoId);
        await repo.markMerged(tx, id, intoId);
        const survivor = await repo.filmById(tx, intoId, { followMerge: false });
        if (!survivor) throw notFound('Film');
        await recordAudit(tx, {
          actor: viewer,
          action: 'film.merge',
          target: { type: 'film', id, label: from.title },
          before: auditShape(from),
          after: { id: intoId, ...auditShape(survivor) },
        });
        return { film: presentFilm(survivor) };
      });
    },

    /**
     * Follows a film, or stops: a film merged away is its survivor. The film is held against a
     * merge meanwhile, so a follow never lands on a film that has just been merged away.
     */
    async setFollowing(viewer: Viewer, id: number, following: boolean) {
      return db.transaction(async (tx) => {
        const film = await repo.filmById(tx, id, { lock: 'share' });
        if (!film) throw notFound('Film');
        const filmId = Number(film.id);
        if (following) await repo.followFilm(tx, filmId, viewer.id);
        else await repo.unfollowFilm(tx, filmId, viewer.id);
        return { following };
      });
    },

    async duplicates() {
      const pairs = await repo.duplicateFilmPairs(db);
      return { pairs: pairs.map(({ a, b }) => ({ a: presentFilm(a), b: presentFilm(b) })) };
    },

    /**
     * The film a review belongs to, inside the review's transaction: by id (a film merged away
     * gives its survivor), or by title alone from older clients (the film of that title with
     * the most reviews, or a new one with no year, which the duplicates list then offers).
     */
    async filmForReview(
      tx: Tx,
      viewer: Viewer,
      named: { filmId: number } | { filmTitle: string },
    ): Promise<{ id: number; title: string }> {
      if ('filmId' in named) {
        const row = await repo.filmById(tx, named.filmId);
        if (!row) {
          throw invalidArgument('Choose a film from the list, or add it', {
            fields: { filmId: 'There is no such film' },
          });
        }
        return { id: Number(row.id), title: row.title };
      }
      await repo.lockFilmKey(tx, named.filmTitle);
      const row =
        (await repo.filmByTitle(tx, named.filmTitle)) ??
        (await repo.insertFilm(tx, {
          title: named.filmTitle,
          year: null,
          originalTitle: null,
          director: null,
          createdById: viewer.id,
        }));
      return { id: Number(row.id), title: row.title };
    },
  };
}

export type FilmService = ReturnType<typeof createFilmService>;
