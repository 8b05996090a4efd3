import { z } from 'zod';
import { eventRowId, notifyEvent } from '../../core/notify.js';

/**
 * What news records for the notifications feature (core/notify.ts): an article published, or
 * due to be at its scheduled time.
 */
export const articlePublished = notifyEvent('news', z.object({ articleId: eventRowId }));
