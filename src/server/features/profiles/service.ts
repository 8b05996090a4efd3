import type { z } from 'zod';
import { invalidArgument, notFound } from '../../../shared/errors.js';
import {
  profileReviewLimits,
  type ProfileReviews,
  type PublicProfile,
  type updateProfileDetailsBody,
} from '../../../shared/profiles.js';
import { uploadPurposes } from '../../../shared/uploads.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repo.js';
import { presentProfile, presentProfileReview, presentSpread } from './presenter.js';
import { lockOwnedUpload } from '../uploads/index.js';
import type { Viewer } from '../../core/viewer.js';

type ProfileUpdate = z.infer<typeof updateProfileDetailsBody>;

/** `/media/<id>.webp` or its thumbnail → `<id>` (the body schema already checked the shape). */
const uploadIdOf = (url: string) => /^\/media\/([a-z0-9]+)(?:\.thumb)?\.webp$/.exec(url)?.[1];

const avatarRefused = () => invalidArgument('Choose an image you uploaded', { field: 'avatarUrl' });

/** Does this change publish anything? A muted member may still take things down. */
export const publishesProfile = (body: unknown) =>
  !Object.values(body as ProfileUpdate).every(
    (value) => value === null || value === '' || (Array.isArray(value) && value.length === 0),
  );

export function createProfilesService(db: Db) {
  async function own(viewer: Viewer): Promise<PublicProfile> {
    const row = await repo.findProfileById(db, viewer.id);
    if (!row) throw notFound('Profile');
    return presentProfile(row);
  }

  return {
    /** Anyone's public profile; deleted accounts and unknown names are not found. */
    async byUsername(username: string): Promise<PublicProfile> {
      const row = await repo.findProfileByUsername(db, username);
      if (!row) throw notFound('Profile');
      return presentProfile(row);
    },

    own,

    /**
     * A member's reviews as a diary, newest first, with how many they gave each rating.
     * Public, as the profile is; an unknown or deleted member is not found.
     */
    async reviews(username: string, page: number): Promise<ProfileReviews> {
      const memberId = await repo.memberIdByUsername(db, username);
      if (!memberId) throw notFound('Profile');
      const [rows, spreadRows] = await Promise.all([
        repo.reviewDiaryPage(db, memberId, page),
        repo.reviewSpread(db, memberId),
      ]);
      const spread = presentSpread(spreadRows);
      const total = spread.reduce((sum, count) => sum + count, 0);
      return {
        items: rows.map(presentProfileReview),
        page,
        pageCount: Math.max(1, Math.ceil(total / profileReviewLimits.pageSize)),
        spread,
      };
    },

    /**
     * Changes the viewer's bio, location, favourite films and avatar in one transaction. The
     * avatar must be an image the viewer uploaded (kept in users.image); null removes it.
     */
    async update(viewer: Viewer, body: ProfileUpdate): Promise<PublicProfile> {
      const { avatarUrl, ...fields } = body;
      await db.transaction(async (tx) => {
        if (avatarUrl !== undefined) {
          if (avatarUrl !== null) {
            const id = uploadIdOf(avatarUrl);
            const upload = id ? await lockOwnedUpload(tx, viewer.id, id) : undefined;
            const purposes: readonly string[] = uploadPurposes;
            if (!upload || !purposes.includes(upload.purpose)) throw avatarRefused();
          }
          await repo.setAvatar(tx, viewer.id, avatarUrl);
        }
        if (Object.keys(fields).length > 0) await repo.upsertProfile(tx, viewer.id, fields);
      });
      return own(viewer);
    },
  };
}
