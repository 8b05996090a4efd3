import { idSchema } from '../../../shared/forum';

/** The `:id` of a forum URL as a post id, or null when it is not one (`/forum/post/abc`). */
export function parsePostId(param: string | undefined): number | null {
  const parsed = idSchema.safeParse(param);
  return parsed.success ? parsed.data : null;
}
