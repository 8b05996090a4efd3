import { multiLineText, visibleMin } from './text.js';

/** The words given with a report or with a moderator's action: at most this many characters. */
export const reasonMax = 500;

/** A moderator's reason for an action: hiding, purging, muting, refusing a request. */
export const moderatorReasonSchema = multiLineText()
  .trim()
  .check(...visibleMin(3, 'Give a reason of at least 3 characters'))
  .max(reasonMax);
