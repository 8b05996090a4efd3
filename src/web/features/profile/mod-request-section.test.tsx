import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, profilePageRoutes, stubApi } from '../../test/fake-api';
import { authorOf, buildModRequest, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const ann = buildUser();

const request = buildModRequest({
  id: 9,
  requester: authorOf(ann),
  motivation: 'I have been here a year and know the rules well.',
  status: 'rejected',
  decisionReason: 'Please take part in a few more discussions first',
  decidedAt: '2025-03-03T09:00:00.000Z',
  createdAt: '2025-03-01T09:00:00.000Z',
});

const motivation = 'I read every thread and would like to help keep it civil.';

describe('become a moderator', () => {
  it('lets an eligible user send a motivation, counting its characters', async () => {
    let mine: unknown = { request: null, eligibility: { eligible: true, reason: null } };
    const api = stubApi({
      ...profilePageRoutes(),
      'GET /api/mod-requests/mine': () => json(mine),
      'POST /api/mod-requests': (call) => {
        const sent = {
          ...request,
          status: 'open',
          decisionReason: null,
          decidedAt: null,
          motivation: (call.body as { motivation: string }).motivation,
        };
        mine = {
          request: sent,
          eligibility: { eligible: false, reason: 'You already have an open request.' },
        };
        return json({ request: sent }, 201);
      },
    });
    renderRoute('/user-profile');

    const block = await screen.findByRole('region', { name: 'Become a moderator' });
    const field = await within(block).findByLabelText(/^Why would you like to moderate/);
    await userEvent.click(within(block).getByRole('button', { name: 'Send request' }));
    expect(await within(block).findByText(/at least 20 characters/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/mod-requests')).toHaveLength(0);

    // Pasted, not typed: a long text typed key by key only slows the test down.
    await userEvent.click(field);
    await userEvent.paste(motivation);
    expect(within(block).getByText(`${motivation.length} / 1,000 characters`)).toBeTruthy();
    await userEvent.click(within(block).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(toastTitles()).toContain('Request sent'));
    expect(api.callsTo('POST', '/api/mod-requests')[0]?.body).toEqual({ motivation });
    expect(await within(block).findByText('Waiting for a decision')).toBeTruthy();
    expect(within(block).getByText('You already have an open request.')).toBeTruthy();
    expect(within(block).queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('shows the last decision and why the user cannot ask yet', async () => {
    stubApi({
      ...profilePageRoutes(),
      'GET /api/mod-requests/mine': () =>
        json({
          request,
          eligibility: { eligible: false, reason: 'Your account must be at least 7 days old.' },
        }),
    });
    renderRoute('/user-profile');

    const block = await screen.findByRole('region', { name: 'Become a moderator' });
    expect(await within(block).findByText('Rejected')).toBeTruthy();
    expect(within(block).getByText(request.decisionReason ?? '')).toBeTruthy();
    expect(within(block).getByText('Your account must be at least 7 days old.')).toBeTruthy();
    expect(within(block).queryByRole('textbox')).toBeNull();
  });

  it('shows a refusal from the server as a toast', async () => {
    stubApi({
      ...profilePageRoutes(),
      'GET /api/mod-requests/mine': () =>
        json({ request: null, eligibility: { eligible: true, reason: null } }),
      'POST /api/mod-requests': () =>
        apiError(409, 'already-exists', 'You already have an open request'),
    });
    renderRoute('/user-profile');

    const block = await screen.findByRole('region', { name: 'Become a moderator' });
    await userEvent.click(await within(block).findByLabelText(/^Why would you like/));
    await userEvent.paste(motivation);
    await userEvent.click(within(block).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(toastTitles()).toContain('Could not send your request'));
  });

  it('is not offered to moderators', async () => {
    const api = stubApi(profilePageRoutes({ ...ann, role: 'moderator' }));
    renderRoute('/user-profile');

    await screen.findByRole('region', { name: 'Overview' });
    expect(screen.queryByRole('region', { name: 'Become a moderator' })).toBeNull();
    expect(api.callsTo('GET', '/api/mod-requests/mine')).toHaveLength(0);
  });
});
