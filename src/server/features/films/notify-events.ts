import { z } from 'zod';
import { eventRowId, notifyEvent } from '../../core/notify.js';

/**
 * What films record for the notifications feature (core/notify.ts): a new review of a film,
 * told to the film's followers. The forum records it in the review's transaction.
 */
export const filmReviewed = notifyEvent(
  'film-review',
  z.object({ postId: eventRowId, filmId: eventRowId }),
);
