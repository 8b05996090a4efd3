import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, signInThroughForm, useOwnServer, waitForMail } from './support/accounts';
import { checkA11y } from './support/axe';
import { screenshot, useBrowser } from './support/browser';
import { campaign, seedDonations, treasurer } from './support/donations-seed';

/**
 * Giving as a new visitor would on the embedded default: 25 through the demo checkout, the
 * thank-you page turning to 'received', the gift on the donor wall and in the progress bar, the
 * receipt in the outbox; then the admin finds it in the list and exports it as CSV.
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
  it('gives 25, sees it received, on the wall and in the progress; the receipt arrives', async () => {
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
    await field(page, 'Email').fill(donor.email);
    await checkA11y(page, '/donate/checkout/…');
    await page.getByRole('button', { name: 'Pay $25' }).click();

    await page.waitForURL((url) => url.pathname === '/donate/success');
    const successUrl = page.url();
    await page.getByRole('heading', { name: 'Donation received' }).waitFor();
    await page.getByText('$25', { exact: true }).waitFor();
    await screenshot(page, 'donate-success');
    await checkA11y(page, '/donate/success');

    const receipt = await waitForMail(server.dataDir, donor.email, 'receipt');
    expect(receipt.subject).toContain('$25');
    expect(receipt.text).toContain('Thank you for supporting');

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
    expect(rows[1]).toContain(`"${donor.email}"`);
  });
});
