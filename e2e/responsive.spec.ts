import type { Locator, Page } from 'playwright-core';
import { matchPath } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteRoutes } from '../src/shared/routes';
import { accountMenu, field, submitSignIn, useOwnServer } from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import { inspectLayout, summarise } from './support/layout-check';
import { cast, reportedThread, type Member } from './support/moderation-seed';
import {
  longNamed,
  longNamedThread,
  longWordsThread,
  newsArticle,
  duplicateFilm,
  reviewedFilm,
  seedResponsiveSite,
  unreadChat,
} from './support/responsive-seed';

/**
 * Every page of the route table on a phone (390×844) and on a laptop (1280×800), in light and
 * dark colour mode: nothing scrolls sideways or is cut off, and axe finds nothing serious. Then
 * every dialog and menu of a thread page, as an admin and as a moderator, with focus going back
 * to the control that opened it.
 */
const server = useOwnServer({}, seedResponsiveSite);
const browser = useBrowser({ baseURL: () => server.baseURL });

const viewports = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
} as const;
type ViewportName = keyof typeof viewports;
const modes = ['light', 'dark'] as const;
type Mode = (typeof modes)[number];

const ids = { thread: 0, longThread: 0, longNamedThread: 0, news: 0, film: '' };

async function getJson<T>(route: string): Promise<T> {
  const response = await fetch(server.baseURL + route);
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const posts = await getJson<{ items: { id: number; title: string }[] }>('/api/forum/posts');
  const news = await getJson<{ items: { id: number; title: string }[] }>('/api/news');
  const idOf = (items: { id: number; title: string }[], title: string) => {
    const found = items.find((item) => item.title === title);
    if (!found) throw new Error(`the seed has no '${title}'`);
    return found.id;
  };
  ids.thread = idOf(posts.items, reportedThread.title);
  ids.longThread = idOf(posts.items, longWordsThread.title);
  ids.longNamedThread = idOf(posts.items, longNamedThread.title);
  ids.news = idOf(news.items, newsArticle.title);
  const films = await getJson<{ items: { url: string; title: string }[] }>('/api/films');
  const film = films.items.find((item) => item.title === reviewedFilm.title);
  if (!film) throw new Error(`the seed has no film '${reviewedFilm.title}'`);
  ids.film = film.url;
});

/**
 * The pages a visitor sees: the auth pages, the public pages with the header's sign-in, and the
 * demo checkout, which only the browser that started it may open (the walk starts one).
 */
const visitorPages = (checkout = '/donate/checkout/started-by-the-walk') => [
  '/auth/login',
  '/auth/sign-up',
  '/auth/verify-email',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/magic-link',
  '/auth/change-email',
  '/',
  '/forum',
  `/forum/post/${ids.longThread}`,
  '/films',
  ids.film,
  // An e-mail's link, forged: the page says the server's refusal.
  '/unsubscribe?token=not-a-token-any-email-carried',
  '/donate/stop?token=not-a-token-any-receipt-carried',
  checkout,
];

/** Every other page, seen by the admin, who may see them all and sees the most on each. */
const adminPages = () => [
  '/',
  '/about',
  '/privacy',
  '/terms',
  '/forum',
  `/forum/post/${ids.thread}`,
  `/forum/post/${ids.longThread}`,
  `/forum/post/edit/${ids.thread}`,
  '/add-new',
  '/news',
  `/news/${ids.news}`,
  '/films',
  '/films?sort=best-rated',
  ids.film,
  '/chat',
  '/donations',
  '/donate/success',
  '/search',
  '/search?q=film',
  `/search/posts/${ids.thread}`,
  '/user-profile',
  '/auth/welcome',
  '/notifications',
  `/u/${cast.author.username}`,
  '/moderator/users',
  '/moderator/reports',
  '/moderator/films',
  '/admin',
  '/admin/users',
  '/admin/mod-requests',
  '/admin/audit',
  '/admin/settings',
  '/admin/status',
  '/admin/donations',
  '/admin/news',
  '/admin/news/create',
  `/admin/news/edit/${ids.news}`,
  '/access-denied',
  '/account-blocked',
];

/**
 * Pages that show nothing of their own: /auth/provider-done hands a provider's answer to the
 * page that opened the popup and closes, or goes on at once (e2e/providers.spec.ts goes through it).
 */
const passedThrough = ['/auth/provider-done'];

it('walks every route of the route table', () => {
  const visited = [...visitorPages(), ...adminPages(), ...passedThrough].map(
    (url) => url.split('?')[0] ?? url,
  );
  const missed = siteRoutes
    .filter((route) => !visited.some((url) => matchPath({ path: route.path, end: true }, url)))
    .map((route) => route.path);
  expect(missed, 'routes of the table this spec does not visit').toEqual([]);
});

async function signedIn(member: Member, mode: Mode): Promise<Page> {
  // Signed in at the browser's laptop size, where the header shows the account menu.
  const page = await browser.newPage({ consent: 'accepted', colorScheme: mode });
  await page.goto('/auth/login');
  await submitSignIn(page, member.email, member.password);
  await accountMenu(page, member.name).waitFor();
  return page;
}

/** The page has its heading and has stopped loading what it shows. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]',
        ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Visits each page and returns the layout problems found, page by page. */
async function walk(page: Page, urls: string[], label: string): Promise<string[]> {
  const failures: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    await settled(page);
    const where = `${url} (${label})`;
    const report = await inspectLayout(page);
    if (report.problems.length > 0) failures.push(`${where}:\n${summarise(report)}`);
    if (report.scrollers.length > 0) {
      console.info(`${where} scrolls sideways inside: ${report.scrollers.join('; ')}`);
    }
    await checkA11y(page, where);
    const name = url.replace(/^\//, '').replace(/[/?=&]+/g, '_') || 'home';
    await screenshot(page, `${label.replace(/[ ,]+/g, '-')}-${name}`);
  }
  return failures;
}

describe.each(Object.keys(viewports) as ViewportName[])('on a %s', (viewportName) => {
  const viewport = viewports[viewportName];

  it.each(modes)('every page fits and passes axe, %s mode', { timeout: 600_000 }, async (mode) => {
    const visitor = await browser.newPage({
      consent: 'accepted',
      colorScheme: mode,
      // The forged unsubscribe and stop links are refused (400), as the walk means them to be.
      allowConsoleErrors: [
        /\/api\/notifications\/unsubscribe\?token=not-a-token/,
        /\/api\/donations\/monthly\/link\?token=not-a-token/,
      ],
    });
    await visitor.setViewportSize(viewport);
    const admin = await signedIn(cast.admin, mode);
    await admin.setViewportSize(viewport);

    // The visitor's and the admin's walks run side by side: each page waits on the network
    // and the browser in turn, so two keep the machine busy.
    const started = await visitor.request.post('/api/donations/checkout', {
      data: { amount: 2500, interval: 'monthly' },
    });
    expect(started.status()).toBe(200);
    const { url: checkout } = (await started.json()) as { url: string };
    const walks = await Promise.all([
      walk(visitor, visitorPages(checkout), `${viewportName} ${mode} visitor`),
      walk(admin, adminPages(), `${viewportName} ${mode} admin`),
    ]);
    const failures = walks.flat();
    expect(
      failures,
      `pages that scroll sideways or cut content off:\n${failures.join('\n')}`,
    ).toEqual([]);
  });
});

/**
 * A member with a name as long as the form allows, over the widths people use, from the
 * narrowest phone to a wide screen: the pages that show the header and the member's own name.
 * One colour mode and a few pages, not the whole walk again: the header is the same on every
 * page, and the walks above cover both modes.
 */
const widths = [320, 390, 768, 1280, 1920];
const longNamedPages = () => [
  '/',
  '/forum',
  `/forum/post/${ids.longNamedThread}`,
  '/chat',
  '/user-profile',
  `/u/${longNamed.username}`,
];

describe('a member with a long name', () => {
  it(
    `fits at ${widths.join(', ')} px: the header holds the menu, the name shortens`,
    { timeout: 600_000 },
    async () => {
      const page = await signedIn(longNamed, 'light');
      const failures: string[] = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        failures.push(...(await walk(page, longNamedPages(), `${width}px long name`)));
      }
      expect(
        failures,
        `pages that scroll sideways or cut content off:\n${failures.join('\n')}`,
      ).toEqual([]);
    },
  );

  it.each([768, 1280, 1920])(
    'at %i px shows the name with an ellipsis, whole on hover and to screen readers',
    async (width) => {
      const page = await signedIn(longNamed, 'light');
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/chat');
      await settled(page);
      const menu = accountMenu(page, longNamed.name);
      const shown = menu.locator(`[title="${longNamed.name}"]`);
      expect(await shown.textContent()).toBe(longNamed.name);
      const name = await shown.evaluate((element) => ({
        ellipsis: getComputedStyle(element).textOverflow,
        shortened: element.scrollWidth > element.clientWidth,
      }));
      expect(name).toEqual({ ellipsis: 'ellipsis', shortened: true });
      // The whole menu button, its chevron included, is on screen.
      const button = await menu.boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(width);
      const chevron = await menu.locator('svg').last().boundingBox();
      expect(chevron!.x + chevron!.width).toBeLessThanOrEqual(button!.x + button!.width);

      // The Chat link's unread badge sits inside the link's pill, also while it is the page's.
      const chat = page
        .getByRole('banner')
        .getByRole('link', { name: new RegExp(`^Chat\\W+${unreadChat} unread\\W*$`) });
      expect(await chat.getAttribute('aria-current')).toBe('page');
      const pill = await chat.boundingBox();
      const badge = await chat.locator('.mantine-Badge-root').boundingBox();
      expect(badge!.x + badge!.width).toBeLessThanOrEqual(pill!.x + pill!.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    },
  );
});

describe('the audit log on a phone', () => {
  it('shows each entry as a card: nothing scrolls sideways, names break between words', async () => {
    const page = await signedIn(cast.admin, 'light');
    await page.setViewportSize(viewports.phone);
    await page.goto('/admin/audit');
    await settled(page);
    const entries = page.getByRole('table', { name: 'Audit entries' });
    await entries
      .getByRole('rowheader', {
        name: `Moved the thread ‘${longNamedThread.title}’ from ‘Discussions’ to ‘Recommendations’`,
      })
      .waitFor();

    // Each word of the moderator's name sits on one line ("Fernández-" may end one).
    for (const name of await entries.getByRole('link', { name: longNamed.name }).all()) {
      const broken = await name.evaluate((link) => {
        const words: string[] = [];
        const text = link.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return ['(no text)'];
        for (const word of (text.textContent ?? '').matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) words.push(word[0]);
        }
        return words;
      });
      expect(broken, 'words of the name split across lines').toEqual([]);
    }
    const report = await inspectLayout(page);
    expect(report.problems, summarise(report)).toEqual([]);
    expect(report.scrollers, 'boxes that scroll sideways').toEqual([]);
    await screenshot(page, 'phone-light-admin-audit-cards');
  });
});

describe('the sign-up page with the cookie banner', () => {
  it.each(Object.keys(viewports) as ViewportName[])(
    'is grey down to its end on a %s, errors shown, no white strip under the banner',
    async (viewportName) => {
      const page = await browser.newPage({ colorScheme: 'light' });
      await page.setViewportSize(viewports[viewportName]);
      await page.goto('/auth/sign-up');
      await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
      await page.getByRole('button', { name: 'Create account' }).click();
      const name = page.getByRole('textbox', { name: /^Display name/ });
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      // The colour a person sees at the page's left edge, at its top and at its very bottom
      // (beside the banner, below the page's main box).
      const colours = await page.evaluate(() => {
        const seen: string[] = [];
        for (const end of ['top', 'bottom']) {
          window.scrollTo(0, end === 'top' ? 0 : document.documentElement.scrollHeight);
          const y = end === 'top' ? 2 : window.innerHeight - 2;
          let colour = 'rgba(0, 0, 0, 0)';
          for (let at = document.elementFromPoint(2, y); at; at = at.parentElement) {
            colour = getComputedStyle(at).backgroundColor;
            if (colour !== 'rgba(0, 0, 0, 0)') break;
          }
          // Below the body's box the canvas shows the body's background.
          if (colour === 'rgba(0, 0, 0, 0)')
            colour = getComputedStyle(document.body).backgroundColor;
          seen.push(colour);
        }
        return { top: seen[0], bottom: seen[1] };
      });
      expect(colours.top).not.toBe('rgb(255, 255, 255)');
      expect(colours.bottom).toBe(colours.top);
      await screenshot(page, `${viewportName}-light-sign-up-errors-cookie-banner`);
    },
  );
});

describe('the header on a phone', () => {
  it('is one row at most 64 px tall whose menu button opens the navigation', async () => {
    const page = await signedIn(cast.moderator, 'light');
    await page.setViewportSize(viewports.phone);
    await page.goto('/forum');
    await settled(page);

    const header = page.getByRole('banner');
    const row = header.locator('> div').first();
    expect((await row.boundingBox())?.height).toBeLessThanOrEqual(64);
    expect(await header.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    const button = header.getByRole('button', { name: 'Open navigation' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Forum', 'Films', 'News', 'Chat', 'Donations', 'Search']) {
      await drawer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).waitFor();
    }
    await drawer.getByRole('radiogroup', { name: 'Colour mode' }).waitFor();
    for (const name of ['Profile', 'Review queue', 'Moderate users']) {
      await drawer.getByRole('link', { name }).waitFor();
    }
    expect(await drawer.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Sign out' }).waitFor();
    // The drawer slides in: photograph it once it is still.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished)),
    );
    await screenshot(page, 'phone-light-moderator-drawer');

    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expectFocused(button);

    // Following a link closes it too.
    await button.click();
    await drawer.getByRole('link', { name: 'News' }).click();
    await page.waitForURL(`${server.baseURL}/news`);
    await drawer.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expectFocused(button);
  });

  it.each([768, 1024, 1200])(
    'at %i px keeps the full header, nothing cut off or covered',
    async (width) => {
      const page = await signedIn(cast.experienced, 'light');
      await page.setViewportSize({ width, height: 1024 });
      await page.goto('/forum');
      await settled(page);
      const header = page.getByRole('banner');
      expect(await header.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
      expect(await header.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
      const report = await inspectLayout(page);
      expect(report.problems, summarise(report)).toEqual([]);
      // No piece of the header covers another: brand, each link, colour mode, account menu.
      const pieces = [
        header.getByRole('link', { name: 'Viewpoint' }),
        ...['Forum', 'Films', 'News', 'Chat', 'Donations', 'Search'].map((name) =>
          header.getByRole('link', { name, exact: true }),
        ),
        header.getByRole('radiogroup', { name: 'Colour mode' }),
        accountMenu(page, cast.experienced.name),
      ];
      const boxes = await Promise.all(pieces.map(async (piece) => piece.boundingBox()));
      const overlaps = boxes.flatMap((a, i) =>
        boxes.slice(i + 1).flatMap((b, j) => {
          if (!a || !b) return [];
          const apart =
            a.x + a.width <= b.x ||
            b.x + b.width <= a.x ||
            a.y + a.height <= b.y ||
            b.y + b.height <= a.y;
          return apart ? [] : [`piece ${i} overlaps piece ${i + j + 1}`];
        }),
      );
      expect(overlaps).toEqual([]);
      expect(boxes.every((box) => box !== null && box.x + box.width <= width)).toBe(true);
      await screenshot(page, `header-${width}-light-forum`);
    },
  );

  it('offers a visitor sign-in and sign-up', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.setViewportSize(viewports.phone);
    await page.goto('/about');
    await settled(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    expect(await drawer.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/login?redirect=%2Fabout',
    );
    await drawer.getByRole('link', { name: 'Create account' }).waitFor();
  });
});

/**
 * The films' own dialogs, as an admin, at a phone's and a laptop's size: editing a film, merging
 * it into another (its target picker showing suggestions), and the review form's film picker
 * offering the site's films and a new one. Nothing is saved.
 */
describe('the film dialogs and the review form’s film picker', () => {
  it.each(modes)('pass axe and give focus back, %s mode', { timeout: 180_000 }, async (mode) => {
    const page = await signedIn(cast.admin, mode);
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
    const typed = duplicateFilm.title.slice(0, 9);
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      const label = (what: string) => `${what} (${size}, ${mode})`;
      const shot = (what: string) => screenshot(page, `${size}-${mode}-${what}`);
      await page.goto(ids.film);
      await settled(page);

      const edit = page.getByRole('button', { name: 'Edit film' });
      await checkDialog(
        page,
        label('edit film dialog'),
        edit,
        async () => {
          await edit.click();
          await dialog('Edit film')
            .getByLabel(/^Title/)
            .waitFor();
          return dialog('Edit film');
        },
        // The shots are taken once axe has waited for the dialog's fade to end.
        async () => {
          await shot('film-edit-dialog');
          await page.keyboard.press('Escape');
        },
      );

      const merge = page.getByRole('button', { name: 'Merge into another film…' });
      await checkDialog(
        page,
        label('merge dialog, its picker open'),
        merge,
        async () => {
          await merge.click();
          const open = dialog(/^Merge ‘/);
          await open.getByRole('combobox', { name: 'Merge into' }).fill(typed);
          await page.getByRole('option', { name: `${duplicateFilm.title} (1993)` }).waitFor();
          return open;
        },
        async (open) => {
          await shot('film-merge-dialog');
          await open.getByRole('button', { name: 'Close dialog' }).click();
        },
      );

      await page.goto('/add-new');
      await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
      await field(page, 'Category').first().click();
      await page.getByRole('option', { name: 'Reviews', exact: true }).click();
      await page.getByRole('combobox', { name: 'Film' }).fill(typed);
      await page.getByRole('option', { name: `${duplicateFilm.title} (1994)` }).waitFor();
      await page.getByRole('option', { name: `Add a new film: “${typed}”` }).waitFor();
      await checkA11y(page, label('review form, film picker open'));
      await shot('film-picker');
      await page.keyboard.press('Escape');
    }
  });
});

async function expectFocused(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => element === document.activeElement), {
      timeout: 3_000,
    })
    .toBe(true);
}

/** Opens what `open` opens, runs axe on it, closes it with `close` and checks where focus went. */
async function checkDialog(
  page: Page,
  label: string,
  opener: Locator,
  open: () => Promise<Locator>,
  close: (dialog: Locator) => Promise<void>,
) {
  const dialog = await open();
  await dialog.waitFor();
  await checkA11y(page, label);
  await close(dialog);
  await dialog.waitFor({ state: 'detached' });
  await expectFocused(opener);
}

describe.each([
  ['admin', cast.admin],
  ['moderator', cast.moderator],
] as const)('the dialogs of a thread page, as %s', (role, member) => {
  it.each(modes)('pass axe and give focus back, %s mode', { timeout: 180_000 }, async (mode) => {
    const page = await signedIn(member, mode);
    await page.goto(`/forum/post/${ids.thread}`);
    await settled(page);
    const label = (what: string) => `${what} (${role}, ${mode})`;
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
    const moderate = page.getByRole('button', { name: 'Moderate this post' });

    // The account menu and the moderation menu.
    const account = accountMenu(page, member.name);
    await account.click();
    await page.getByRole('menu').waitFor();
    await checkA11y(page, label('account menu'));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await moderate.click();
    await page.getByRole('menu').waitFor();
    await checkA11y(page, label('moderation menu'));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // A reason dialog opened from the menu gives focus back to the menu's button.
    await checkDialog(
      page,
      label('hide reason dialog'),
      moderate,
      async () => {
        await moderate.click();
        await page.getByRole('menuitem', { name: 'Hide' }).click();
        return dialog('Hide this post');
      },
      (open) => open.getByRole('button', { name: 'Cancel' }).click(),
    );
    await checkDialog(
      page,
      label('move dialog'),
      moderate,
      async () => {
        await moderate.click();
        await page.getByRole('menuitem', { name: 'Move thread' }).click();
        return dialog('Move thread');
      },
      async () => page.keyboard.press('Escape'),
    );

    const report = page.getByRole('button', { name: 'Report this post' });
    await checkDialog(
      page,
      label('report dialog'),
      report,
      async () => {
        await report.click();
        return dialog('Report this post');
      },
      (open) => open.getByRole('button', { name: 'Close dialog' }).click(),
    );

    const history = page.getByRole('button', { name: 'History of this post' });
    await checkDialog(
      page,
      label('history dialog'),
      history,
      async () => {
        await history.click();
        return dialog('Edit history');
      },
      async () => page.keyboard.press('Escape'),
    );

    if (role === 'admin') {
      // Purge asks for a reason, then for confirmation; focus ends on the menu's button.
      await checkDialog(
        page,
        label('purge confirmation'),
        moderate,
        async () => {
          await moderate.click();
          await page.getByRole('menuitem', { name: 'Purge' }).click();
          const reason = dialog('Purge this post');
          await reason.getByLabel(/^Reason/).fill('Checking the dialogs');
          await checkA11y(page, label('purge reason dialog'));
          await reason.getByRole('button', { name: 'Continue' }).click();
          await reason.waitFor({ state: 'detached' });
          return dialog('Purge for good');
        },
        (open) => open.getByRole('button', { name: 'Cancel' }).click(),
      );
    }
    // Nothing was changed: the thread is still there, visible.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: reportedThread.title }).waitFor();
  });

  it('the navigation drawer on a phone passes axe in both modes', { timeout: 60_000 }, async () => {
    for (const mode of modes) {
      const page = await signedIn(member, mode);
      await page.setViewportSize(viewports.phone);
      await page.goto(`/forum/post/${ids.thread}`);
      await settled(page);
      const button = page.getByRole('button', { name: 'Open navigation' });
      await checkDialog(
        page,
        `navigation drawer (${role}, ${mode})`,
        button,
        async () => {
          await button.click();
          return page.getByRole('dialog', { name: 'Menu' });
        },
        (open) => open.getByRole('button', { name: 'Close navigation' }).click(),
      );
    }
  });
});
