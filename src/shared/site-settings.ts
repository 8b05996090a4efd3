import { z } from 'zod';
import { multiLineText, singleLineText, visibleMin } from './text.js';

/**
 * The site's settings, which admins change: its name, its description, and whether staff need a
 * second factor.
 */
export const siteSettingsBody = z
  .object({
    name: singleLineText()
      .trim()
      .check(...visibleMin(2, 'Site name needs at least 2 characters'))
      .max(60, 'Site name can be at most 60 characters'),
    description: multiLineText().trim().max(300, 'Description can be at most 300 characters'),
    /** Admins and moderators must have a second factor on before any staff page or action. */
    staffSecondFactor: z.boolean().optional(),
  })
  .strict();
export const siteSettingsResponse = z.object({
  name: z.string(),
  description: z.string(),
  staffSecondFactor: z.boolean(),
});
