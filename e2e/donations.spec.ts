import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  field,
  pathOfLink,
  readMails,
  signInThroughForm,
  useOwnServer,
  waitForMail,
} from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import { campaign, monthlyDonor, seedDonations, treasurer } from './support/donations-seed';

/**
 * Giving as a new visitor would on the embedded default: 25 through the demo checkout, the
 * thank-you page turning to 'received' and showing the receipt (the demo mails no address typed
 * in), the gift on the donor wall and in the progress bar; then the admin finds it in the list
 * and exports it as CSV. A member gives monthly, gets the receipt by mail, and stops the gift
 * from their account; the receipt's link then says it has ended.
 */
const server = useOwnServer({}, seedDonations);
const browser = useBrowser({ baseURL: () => server.baseURL });

const donor = {
  name: 'Agnès from Lyon',
  email: 'agnes@example.test',
  message: 'For the projector fund, and the next screening night',
};

const progress = (page: Page) => page.getByRole('progressbar').first().getAttribute('aria-label');

describe('donations through the demo checkout', () => {
  it('gives 25, sees it received with its receipt on the page, on the wall and in the progress; nobody is mailed', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await page.goto('/donations');
    await page.getByRole('heading', { level: 1, name: 'Donations' }).waitFor();
    await page.getByText('Test mode — no money moves').first().waitFor();
    await page.getByRole('heading', { name: campaign.title }).waitFor();
    expect(await progress(page)).toMatch(/^\$0 raised of \$1,000 \(0%\)$/);
    await checkA11y(page, '/donations');

    await page.getByText('$25', { exact: true }).click();
    await field(page, 'Public message (optional)').fill(donor.message);
    await page.getByRole('radio', { name: 'Show my name on the donor wall' }).check();
    await field(page, 'Name on the wall').fill(donor.name);
    await screenshot(page, 'donations-form');
    await page.getByRole('button', { name: 'Donate $25' }).click();

    await page.waitForURL(/\/donate\/checkout\/cs_demo_\w+$/);
    await page.getByText('Test mode — no money moves').first().waitFor();
    await page.getByText(/Your receipt shows on the next page/).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await screenshot(page, 'donate-checkout');
    await checkA11y(page, '/donate/checkout/…');
    await page.getByRole('button', { name: 'Pay $25' }).click();

    await page.waitForURL((url) => url.pathname === '/donate/success');
    const successUrl = page.url();
    await page.getByRole('heading', { name: 'Donation received' }).waitFor();
    await page.getByText('$25', { exact: true }).waitFor();
    const receipt = page.getByRole('region', { name: 'Your receipt' });
    await receipt.getByText('$25 USD (one-off)').waitFor();
    await receipt.getByText(/^donation #\d+$/).waitFor();
    await screenshot(page, 'donate-success');
    await checkA11y(page, '/donate/success');
    expect(await readMails(server.dataDir)).toEqual([]);

    // Reloading the thank-you page shows the same donation and records nothing new.
    await page.goto(successUrl);
    await page.getByRole('heading', { name: 'Donation received' }).waitFor();

    await page.goto('/donations');
    const wall = page.getByRole('list', { name: 'Recent supporters' });
    await wall.getByText(donor.name).waitFor();
    await wall.getByText(donor.message).waitFor();
    expect(await progress(page)).toMatch(/^\$25 raised of \$1,000 \(2%\)$/);
    await screenshot(page, 'donations-after');
  });

  it('a session that is not ours shows nothing of anyone', async () => {
    const page = await browser.newPage({
      consent: 'accepted',
      allowConsoleErrors: [/status of 404/],
    });
    await page.goto('/donate/success?session_id=cs_demo_forgedsession');
    await page.getByText('We could not find this donation').waitFor();
    expect(await page.getByText('$25').count()).toBe(0);
  });

  it('the admin finds the gift once in the list and in the CSV export', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, treasurer, '/admin/donations');
    await page.getByRole('heading', { level: 1, name: 'Donations' }).waitFor();
    const table = page.getByRole('table').first();
    await table.getByText(donor.name).waitFor();
    expect(await table.getByText(donor.name).count()).toBe(1);
    await screenshot(page, 'admin-donations');
    await checkA11y(page, '/admin/donations');

    const link = page.getByRole('link', { name: 'Export CSV' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/admin\/donations\/export\.csv/);
    const csv = await page.request.get(href ?? '');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`"${donor.name}"`);
    expect(rows[1]).toContain('"25.00"');
    // A visitor's demo gift keeps no address: none was asked for.
    expect(rows[1]).toContain(`"USD","${donor.name}","",`);
  });

  it('a member gives monthly, gets the receipt by mail, stops the gift from their account, and the receipt’s link says it has ended', async () => {
    const page = await browser.newPage({ consent: 'accepted' });
    await signInThroughForm(page, monthlyDonor, '/donations');
    await page.getByRole('heading', { level: 1, name: 'Donations' }).waitFor();
    await page.getByText('$10', { exact: true }).click();
    await page.getByText('Monthly', { exact: true }).click();
    await page.getByRole('button', { name: 'Donate $10 monthly' }).click();

    await page.waitForURL(/\/donate\/checkout\/cs_demo_\w+$/);
    await page.getByText(monthlyDonor.email).waitFor();
    await page.getByRole('button', { name: 'Pay $10 monthly' }).click();
    await page.waitForURL((url) => url.pathname === '/donate/success');
    await page.getByText('A receipt is on its way to your email.').waitFor();
    const receipt = await waitForMail(server.dataDir, monthlyDonor.email, 'monthly donation');
    const stopLink = /Stop this monthly gift at any time: (\S+)/.exec(receipt.text)?.[1] ?? '';
    const stopPath = pathOfLink(stopLink, server.baseURL, '/donate/stop');

    await page.goto('/user-profile#monthly-gift');
    const part = page.getByRole('region', { name: 'Your monthly gift' });
    const gift = part.getByRole('listitem');
    await gift.getByText('$10 a month').waitFor();
    await gift.getByText('Active', { exact: true }).waitFor();
    await screenshot(page, 'monthly-gift-active');
    await checkA11y(page, '/user-profile#monthly-gift');
    await gift.getByRole('button', { name: 'Stop my monthly gift of $10 a month' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop your monthly gift?' });
    await dialog.getByText(/ends now and no further payment is taken/).waitFor();
    await dialog.getByRole('button', { name: 'Stop my monthly gift' }).click();
    await gift.getByText('Ended', { exact: true }).waitFor();
    expect(await gift.getByRole('button').count()).toBe(0);
    await screenshot(page, 'monthly-gift-ended');

    // The receipt's link, signed out: the gift has ended, and there is nothing to stop.
    const visitor = await browser.newPage({ consent: 'accepted' });
    await visitor.goto(stopPath);
    await visitor.getByRole('heading', { level: 1, name: 'Stop a monthly gift' }).waitFor();
    await visitor.getByText('This monthly gift has ended. No further payment is taken.').waitFor();
    expect(await visitor.getByRole('button', { name: 'Stop my monthly gift' }).count()).toBe(0);
    await screenshot(visitor, 'donate-stop-ended');
    await checkA11y(visitor, '/donate/stop');
  });
});
