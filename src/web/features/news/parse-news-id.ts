import { idSchema } from '../../../shared/forum';

/** The `:id` of a news URL as an article id, or null when it is not one (`/news/abc`). */
export function parseNewsId(param: string | undefined): number | null {
  const parsed = idSchema.safeParse(param);
  return parsed.success ? parsed.data : null;
}
