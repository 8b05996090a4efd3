import { z } from 'zod';
import { pageCursorSchema } from './text.js';

/** Image uploads: what is accepted and what comes back. Re-encoded to WebP by the server. */
export const uploadLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 2560,
  thumbnailSide: 400,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

export const uploadPurposes = ['avatar', 'post'] as const;
export const uploadQuery = z.object({ purpose: z.enum(uploadPurposes).default('post') }).strict();

/** Our own upload URLs: the only images Markdown may show (`/media/<id>.webp`). */
export const mediaPathPattern = /^\/media\/[a-z0-9]{20,40}(?:\.thumb)?\.webp$/;

export const uploadSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  purpose: z.enum(uploadPurposes),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadResponse = z.object({ upload: uploadSchema });
export const uploadListQuery = z
  .object({
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const uploadListResponse = z.object({
  uploads: z.array(uploadSchema),
  nextCursor: z.string().nullable(),
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
