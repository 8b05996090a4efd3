import { chatMentioned } from './features/chat/index.js';
import { filmReviewed } from './features/films/index.js';
import { liked, mentionedByEdit, replyPosted, threadStarted } from './features/forum/index.js';
import { modRequestDecided } from './features/mod-requests/index.js';
import { articlePublished } from './features/news/index.js';
import type { TellableEvents } from './features/notifications/index.js';

/**
 * The events features record that the notifications feature tells of, each declared in the
 * feature that records it: handed to notifications by app.ts (and the demo seed), which keeps
 * notifications from importing the features that import it.
 */
export const tellableEvents: TellableEvents = {
  threadStarted,
  replyPosted,
  mentionedByEdit,
  liked,
  modRequestDecided,
  articlePublished,
  chatMentioned,
  filmReviewed,
};
