import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { readSetting } from './repo.js';

export const defaultSiteDescription =
  'A community for film reviews and viewpoints: write about what you watched, argue kindly, find your next favourite.';

export const siteInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
});

export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** The site's public identity: its name from SITE_NAME, its description from the settings. */
export async function getSiteInfo(db: Db, siteName: string): Promise<SiteInfo> {
  const description = z.string().safeParse(await readSetting(db, 'site.description'));
  return {
    name: siteName,
    description: description.success ? description.data : defaultSiteDescription,
  };
}
