/** The benchmark's data set (`npm run seed:bench`) and its signed-in account. */
export const benchScale = {
  authors: 1_000,
  posts: 100_000,
  replies: 1_000_000,
  longThreads: 100,
  longThreadReplies: 2_000,
};
export const benchAccount = {
  email: 'bench-moderator@example.test',
  password: 'bench-lantern-orchard-51-velvet',
  username: 'bench_moderator',
};

/** Each bench author's session token is this and the author's number (seed-bench.ts). */
export const benchMemberTokenPrefix = 'bench-member-session-';

/** The film with the most reviews: its page is the heaviest a visitor can open. */
export const benchFilm = { title: 'The Long Take', reviews: 5_000 } as const;
