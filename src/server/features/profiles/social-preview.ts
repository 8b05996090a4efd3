import type { PublicProfile } from '../../../shared/profiles.js';
import type { Db } from '../../platform/db/database.js';
import { presentProfile } from './presenter.js';
import { findProfileByUsername } from './repo.js';

/** A member's public profile for its preview image; undefined for unknown or deleted accounts. */
export async function readProfilePreview(
  db: Db,
  username: string,
): Promise<PublicProfile | undefined> {
  const row = await findProfileByUsername(db, username);
  return row ? presentProfile(row) : undefined;
}
