import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountMenu, submitSignIn, useOwnServer } from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import {
  chatCast,
  muteReason,
  seededMessages,
  seededText,
  seedChat,
  type ChatMember,
} from './support/chat-seed';

/**
 * Chat as two members meet it in two browsers: messages, typing and presence both ways, the
 * whole history after a reload, a network cut that loses nothing, a moderator's hide that
 * reaches everyone, and a muted member who is told why.
 */
const server = useOwnServer({}, seedChat);
const browser = useBrowser({ baseURL: () => server.baseURL });

/** What Chromium logs while the network is cut (the failed send, the live channel's retries). */
const offlineNoise = [/ERR_INTERNET_DISCONNECTED/, /WebSocket connection/, /ERR_NETWORK_CHANGED/];

/**
 * A network cable for the page's live channel: every socket goes through it, `cut` drops them
 * (the server sees the disconnect, the page sees its socket close) and refuses new ones until
 * `restore`. With the context offline for HTTP too, the page is cut off like a lost network.
 */
async function cable(page: Page) {
  let cut = false;
  const open = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
    if (cut) {
      await socket.close({ code: 1006, reason: 'cut' });
      return;
    }
    const link = { page: socket, server: socket.connectToServer() };
    open.add(link);
    socket.onClose(() => open.delete(link));
  });
  return {
    async cut() {
      cut = true;
      for (const link of [...open]) {
        open.delete(link);
        await link.server.close();
        await link.page.close({ code: 1006, reason: 'cut' });
      }
    },
    restore() {
      cut = false;
    },
  };
}

async function inChat(
  member: ChatMember,
  allow: RegExp[] = [],
  before?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await browser.newPage({ consent: 'accepted', allowConsoleErrors: allow });
  await before?.(page);
  await page.goto('/auth/login');
  await submitSignIn(page, member.email, member.password);
  await accountMenu(page, member.name).waitFor();
  await page.goto('/chat');
  await history(page).waitFor();
  return page;
}

const history = (page: Page) => page.getByRole('list', { name: 'Messages in General' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message General' });

/** How many messages of the room's history say exactly `text`. */
const countOf = (page: Page, text: string) =>
  history(page)
    .locator(':scope > li')
    .filter({ has: page.getByText(text, { exact: true }) })
    .count();

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

describe('chat', () => {
  it('shows messages, typing and presence both ways at once', async () => {
    const ann = await inChat(chatCast.ann);
    const ben = await inChat(chatCast.ben);

    // Each sees the other here.
    await ann.getByRole('region', { name: 'Here now' }).getByText(chatCast.ben.name).waitFor();
    await ben.getByRole('region', { name: 'Here now' }).getByText(chatCast.ann.name).waitFor();

    await composer(ann).pressSequentially('Has anyone seen', { delay: 10 });
    await ben.getByText(`${chatCast.ann.name} is typing…`).waitFor();
    await composer(ann).fill('Has anyone seen Perfect Days yet?');
    await composer(ann).press('Enter');
    await history(ben).getByText('Has anyone seen Perfect Days yet?').waitFor();
    await ben.getByText(`${chatCast.ann.name} is typing…`).waitFor({ state: 'detached' });

    // Ben names Ann from the member suggestions: Enter picks her, it does not send.
    await composer(ben).pressSequentially('Yes, @an', { delay: 10 });
    await ann.getByText(`${chatCast.ben.name} is typing…`).waitFor();
    const suggestions = ben.getByRole('listbox', { name: 'Members to mention' });
    await suggestions.getByRole('option', { name: `${chatCast.ann.name} @ann` }).waitFor();
    await composer(ben).press('Enter');
    await suggestions.waitFor({ state: 'detached' });
    expect(await composer(ben).inputValue()).toBe('Yes, @ann ');
    await composer(ben).pressSequentially('twice. The toilets!');
    await composer(ben).press('Enter');
    const mention = history(ann).locator(':scope > li').filter({ hasText: 'twice. The toilets' });
    await mention.getByText('Mentions you').waitFor();

    // Each message once on both sides, the sender's own copy included.
    for (const page of [ann, ben]) {
      expect(await countOf(page, 'Has anyone seen Perfect Days yet?')).toBe(1);
      expect(await countOf(page, 'Yes, @ann twice. The toilets!')).toBe(1);
    }
    await checkA11y(ann, 'chat room');
    await screenshot(ann, 'chat-room');

    // On a phone, in dark mode: a room picker above the room, nothing wider than the screen.
    await ben.setViewportSize({ width: 390, height: 844 });
    await ben.emulateMedia({ colorScheme: 'dark' });
    await ben.getByRole('combobox', { name: 'Room' }).waitFor();
    expect(await ben.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(ben, 'chat room on a phone, dark');
    await screenshot(ben, 'chat-room-phone-dark');
  });

  it.each([
    ['a laptop', { width: 1280, height: 800 }],
    ['a phone', { width: 390, height: 844 }],
  ])('shows the message box on entering, the history scrolling inside, on %s', async (_, size) => {
    const ann = await inChat(chatCast.ann);
    await ann.setViewportSize(size);
    await ann.goto('/chat');
    await history(ann).getByText(seededText(seededMessages), { exact: true }).waitFor();
    const box = await composer(ann).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
    const page = await ann.evaluate(() => ({
      scrollY: window.scrollY,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    expect(page).toEqual({ scrollY: 0, scrollWidth: size.width });
    const log = ann.getByRole('log', { name: 'General history' });
    const inside = await log.evaluate((element) => ({
      scrolls: element.scrollHeight > element.clientHeight,
      atEnd: element.scrollHeight - element.scrollTop - element.clientHeight <= 1,
    }));
    expect(inside).toEqual({ scrolls: true, atEnd: true });
  });

  it('keeps the whole history after a reload, older pages loading on scroll', async () => {
    const ann = await inChat(chatCast.ann);
    await history(ann).getByText(seededText(seededMessages), { exact: true }).waitFor();
    await ann.reload();
    await history(ann).getByText(seededText(seededMessages), { exact: true }).waitFor();

    // Scrolling to the top of what is loaded brings the page before it, to the very start.
    const log = ann.getByRole('log', { name: 'General history' });
    const start = ann.getByText('This is the start of General.');
    await expect
      .poll(
        async () => {
          await log.evaluate((element) => element.scrollTo({ top: 0 }));
          return start.isVisible();
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
    for (const n of [1, 2, 50, 51, 70, 71, 119, seededMessages]) {
      expect(await countOf(ann, seededText(n))).toBe(1);
    }
  });

  it('loses nothing over a network cut, and sends what was written offline', async () => {
    const ann = await inChat(chatCast.ann);
    let network: Awaited<ReturnType<typeof cable>> | undefined;
    const ben = await inChat(chatCast.ben, offlineNoise, async (page) => {
      network = await cable(page);
    });
    const benContext = ben.context();
    await ben.getByRole('region', { name: 'Here now' }).getByText(chatCast.ann.name).waitFor();

    // Thirty seconds without a network: the live channel drops (Ann sees Ben leave) and HTTP fails.
    await network?.cut();
    await benContext.setOffline(true);
    await ann
      .getByRole('region', { name: 'Here now' })
      .getByText(chatCast.ben.name)
      .waitFor({ state: 'detached' });
    const cutAt = Date.now();
    const missed = ['Missed one', 'Missed two', 'Missed three'];
    for (const text of missed) {
      await send(ann, text);
      await history(ann).getByText(text, { exact: true }).waitFor();
    }
    await send(ben, 'Written while offline');
    await ben.getByText(/Not sent: you are offline/).waitFor();
    for (const text of missed) expect(await countOf(ben, text)).toBe(0);
    await ben.waitForTimeout(Math.max(0, 30_000 - (Date.now() - cutAt)));

    network?.restore();
    await benContext.setOffline(false);
    await history(ann).getByText('Written while offline', { exact: true }).waitFor();
    for (const text of missed) {
      await history(ben).getByText(text, { exact: true }).waitFor();
    }
    await ben.getByText(/Not sent/).waitFor({ state: 'detached' });
    for (const text of [...missed, 'Written while offline']) {
      await expect.poll(() => countOf(ben, text)).toBe(1);
      await expect.poll(() => countOf(ann, text)).toBe(1);
    }
  }, 90_000);

  it('takes a hidden message away from every member at once, and shows its author why', async () => {
    const ann = await inChat(chatCast.ann);
    const ben = await inChat(chatCast.ben);
    const mia = await inChat(chatCast.mia);
    const text = 'The killer is the butler, obviously';
    await send(ann, text);
    for (const page of [ben, mia]) await history(page).getByText(text).waitFor();

    await mia
      .getByRole('button', { name: `Actions for the message by ${chatCast.ann.name}` })
      .last()
      .click();
    await mia.getByRole('menuitem', { name: 'Hide' }).click();
    await mia.getByRole('dialog').getByLabel('Reason').fill('Spoiler without a warning');
    await mia.getByRole('dialog').getByRole('button', { name: 'Hide' }).click();

    const why = 'Hidden from members: Spoiler without a warning';
    const rooms = (page: Page) => page.getByRole('navigation', { name: 'Rooms' });
    await history(ben).getByText(text).waitFor({ state: 'detached' });
    // Nor does the room list say it, nor why.
    await rooms(ben).getByText(text).waitFor({ state: 'detached' });
    expect(await rooms(ben).getByText(why).count()).toBe(0);
    // Its author keeps it in sight, marked with the reason, in the room and the room list.
    await history(ann).getByText(why).waitFor();
    await rooms(ann).getByText(`${chatCast.ann.name} · ${why}`).waitFor();
    await screenshot(ann, 'chat-hidden-own-message');
    // The moderator keeps it in sight, marked, to restore it if need be.
    await history(mia).getByText(why).waitFor();
  });

  it('tells a muted member why they cannot write, and until when', async () => {
    const uma = await inChat(chatCast.uma);
    await uma.getByText('You cannot post for now').waitFor();
    await uma.getByText(new RegExp(`You are muted until .*${muteReason}`)).waitFor();
    expect(await composer(uma).count()).toBe(0);
    await screenshot(uma, 'chat-muted');
  });
});
