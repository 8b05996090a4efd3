export type DemoCategory = 'reviews' | 'discussions' | 'recommendations' | 'off-topic';

export interface DemoReply {
  author: string;
  body: string;
  /** The earlier reply of the same thread this one answers (its index in `replies`). */
  quotes?: number;
  /**
   * The earlier reply whose words open this one as a quoted block, as the thread page's Quote
   * button writes it (its index in `replies`).
   */
  quoteOf?: number;
  likes?: string[];
}

export interface DemoThread {
  category: DemoCategory;
  author: string;
  title: string;
  body: string;
  tags?: string[];
  /** Reviews only: the film (one of `demoFilms`, by title and year) and a rating out of ten. */
  film?: { title: string; year: number; rating: number };
  /** When it was started; replies follow it by a few hours each. */
  daysAgo: number;
  likes?: string[];
  replies?: DemoReply[];
  /** A later edit by its author, kept as a revision of the first version. */
  edit?: { body: string; rating?: number };
  /** Started in the wrong category: a moderator moves it, with the reason the audit log keeps. */
  moved?: { by: string; to: DemoCategory; reason: string };
}
