import sharp from 'sharp';
import { filmReviewLinks } from '../../src/server/features/forum/index.js';
import { createFilmService } from '../../src/server/features/films/index.js';
import { createUploadsService } from '../../src/server/features/uploads/index.js';
import { createFilmBody } from '../../src/shared/films.js';
import { demoFilms, type DemoFilm } from './content/films.js';
import { viewerOf, viewersOf, type DemoSite } from './site.js';

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot' }[c]};`);

/** A poster in a film poster's proportions: a colour field, a sun, the title and the year. */
function posterImage(film: DemoFilm, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
  <rect width="600" height="900" fill="hsl(${hue}, 35%, 22%)"/>
  <circle cx="300" cy="330" r="190" fill="hsl(${hue}, 60%, 55%)"/>
  <text x="300" y="700" fill="#fff" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="84" font-weight="700">${escapeXml(film.title.toUpperCase())}</text>
  <text x="300" y="790" fill="#ddd" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="40">${film.year}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo's films, each added by a member as the review form adds one (the same title and
 * year finds the film again, so a second run adds nothing); a poster for the film that has one,
 * set by an admin through the films' edit (audited). The duplicate pair stays for a moderator.
 */
export async function seedFilms(site: DemoSite): Promise<void> {
  const films = createFilmService(site.db, filmReviewLinks);
  const members = await viewersOf(site.db, [
    ...new Set(demoFilms.flatMap((film) => [film.addedBy, ...(film.followedBy ?? [])])),
  ]);
  const admin = await viewerOf(site.db, 'margot');
  const uploads = createUploadsService({
    db: site.db,
    storage: site.storage,
    quotaBytes: site.config.uploadQuotaBytes,
  });
  for (const film of demoFilms) {
    const { film: stored } = await films.create(
      members(film.addedBy),
      createFilmBody.parse({
        title: film.title,
        year: film.year,
        director: film.director,
        originalTitle: film.originalTitle ?? null,
      }),
    );
    for (const follower of film.followedBy ?? []) {
      await films.setFollowing(members(follower), stored.id, true);
    }
    if (film.poster && !stored.poster) {
      const poster = await uploads.upload(admin, 'post', await posterImage(film, film.poster.hue));
      await films.update(admin, stored.id, { posterUrl: poster.url });
    }
  }
}
