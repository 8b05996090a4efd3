import { fileURLToPath } from 'node:url';

/**
 * The older site the upgrade test brings forward: a backup of the demo site as the version of
 * commit 27c2e39 made it (migrations up to 0012), with a row in every table
 * (scripts/fixtures/upgrade-site.ts tells how it was made).
 */
export const upgradeFixture = fileURLToPath(
  new URL('./fixtures/site-at-0012.tar.gz', import.meta.url),
);

/** The fixture's admin, whose password the fixture script set. */
export const upgradeAdmin = { email: 'margot@example.com', password: 'upgrade-fixture-password' };
