import sharp from 'sharp';
import {
  createProfilesService,
  findProfileById,
} from '../../src/server/features/profiles/index.js';
import { createUploadsService } from '../../src/server/features/uploads/index.js';
import { initialsOf } from '../../src/shared/initials.js';
import { demoMembers, type DemoMember } from './content/members.js';
import { viewerOf, type DemoSite } from './site.js';

/** The member's initials on a colour of their own, as a PNG such as a member would upload. */
export function avatarImage(member: Pick<DemoMember, 'name' | 'hue'>): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <rect width="512" height="512" fill="hsl(${member.hue}, 55%, 42%)"/>
  <text x="256" y="256" dy="0.35em" text-anchor="middle" fill="#fff"
    font-family="DejaVu Sans, Arial, sans-serif" font-size="210" font-weight="700">${initialsOf(member.name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Each member's avatar and profile text, through the uploads and profiles services that the
 * avatar upload and the profile form use: the image is re-encoded and stored like any upload.
 * A member who has an avatar or a profile already keeps it.
 */
export async function seedProfiles(site: DemoSite): Promise<void> {
  const uploads = createUploadsService({
    db: site.db,
    storage: site.storage,
    quotaBytes: site.config.uploadQuotaBytes,
  });
  const profiles = createProfilesService(site.db);
  for (const member of demoMembers) {
    const viewer = await viewerOf(site.db, member.username);
    const current = await findProfileById(site.db, viewer.id);
    const text = current?.profile
      ? {}
      : { bio: member.bio, location: member.location, favouriteFilms: member.favouriteFilms };
    const avatar =
      viewer.image === null && !member.withoutAvatar
        ? { avatarUrl: (await uploads.upload(viewer, 'avatar', await avatarImage(member))).url }
        : {};
    if (Object.keys({ ...text, ...avatar }).length > 0) {
      await profiles.update(viewer, { ...text, ...avatar });
    }
  }
}
