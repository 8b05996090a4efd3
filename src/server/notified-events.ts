import { chatMentioned } from './features/chat/notify-events.js';
import { filmReviewed } from './features/films/notify-events.js';
import {
  liked,
  mentionedByEdit,
  replyPosted,
  threadStarted,
} from './features/forum/notify-events.js';
import { modRequestDecided } from './features/mod-requests/notify-events.js';
import { articlePublished } from './features/news/notify-events.js';
import type { TellableEvents } from './features/notifications/delivery/events.js';

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
