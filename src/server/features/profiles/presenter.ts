import { filmPath } from '../../../shared/films.js';
import type { ProfileReview, PublicProfile } from '../../../shared/profiles.js';
import { isRole } from '../../../shared/roles.js';
import { iso } from '../../core/author.js';
import { activeBlock } from '../../core/viewer.js';
import type { ProfileReviewRow, ProfileRow } from './repo.js';

/** Profile rows become API shapes here and nowhere else. */
export function presentProfile({
  user,
  profile,
  posts,
  replies,
  supporter,
}: ProfileRow): PublicProfile {
  return {
    id: user.id,
    username: user.displayUsername ?? user.username ?? '',
    name: user.name,
    image: user.image,
    role: isRole(user.role) ? user.role : null,
    bio: profile?.bio ?? '',
    location: profile?.location ?? '',
    favouriteFilms: profile?.favouriteFilms ?? [],
    joinedAt: user.createdAt.toISOString(),
    blocked: activeBlock(user) !== null,
    counts: { posts: Number(posts), replies: Number(replies) },
    supporter: Boolean(supporter),
  };
}

export function presentProfileReview(row: ProfileReviewRow): ProfileReview {
  const filmId = Number(row.film_id);
  return {
    id: Number(row.id),
    title: row.title,
    rating: Number(row.rating),
    createdAt: iso(row.created_at),
    film: {
      id: filmId,
      title: row.film_title,
      year: row.film_year === null ? null : Number(row.film_year),
      url: filmPath({ id: filmId, title: row.film_title }),
    },
  };
}

/** Ten counts, rating 1 first; a rating nobody gave counts 0. */
export function presentSpread(rows: readonly { rating: number; reviews: number }[]): number[] {
  const spread = Array.from({ length: 10 }, () => 0);
  for (const row of rows) {
    const rating = Number(row.rating);
    if (rating >= 1 && rating <= 10) spread[rating - 1] = Number(row.reviews);
  }
  return spread;
}
