import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeSummary } from './audit-summary';
import { json, sessionOf, stubApi } from '../../test/fake-api';
import { buildAdmin, buildAuditEntry, buildAuthor } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

const admin = buildAdmin();
const dan = buildAuthor({ id: 'u7', username: 'dan', name: 'Dan Requester' });

const entries = [
  buildAuditEntry({ id: 3, reason: 'Long-standing helpful member' }),
  buildAuditEntry({
    id: 2,
    actor: dan,
    action: 'post.hide',
    target: { type: 'post', id: '41', label: 'Is Solaris too slow?' },
    reason: 'Spoilers without warning',
    before: null,
    after: null,
  }),
];

function row(action: string): HTMLElement {
  const header = screen.getByRole('rowheader', { name: action });
  const tr = header.closest('tr');
  if (!tr) throw new Error(`No row for ${action}`);
  return tr;
}

describe('audit log page', () => {
  it('shows who did what to which target, why, and what changed', async () => {
    stubApi({
      ...sessionOf(admin),
      'GET /api/audit': () => json({ entries, nextCursor: null }),
    });
    renderRoute('/admin/audit');

    await screen.findByRole('table', { name: 'Audit entries' });
    const role = row('user.role');
    expect(within(role).getByRole('link', { name: 'Root Admin' }).getAttribute('href')).toBe(
      '/u/root',
    );
    expect(within(role).getByText('Dan Requester')).toBeTruthy();
    expect(within(role).getByText('Long-standing helpful member')).toBeTruthy();
    expect(within(role).getByText('role: user → moderator')).toBeTruthy();
    expect(
      within(role)
        .getByRole('link', { name: 'Every entry for user Dan Requester' })
        .getAttribute('href'),
    ).toBe('/admin/audit?targetType=user&targetId=u7');

    const hide = row('post.hide');
    expect(
      within(hide).getByRole('link', { name: 'Is Solaris too slow?' }).getAttribute('href'),
    ).toBe('/forum/post/41');
    expect(within(hide).getByText('Spoilers without warning')).toBeTruthy();
  });

  it('reads its filters from the URL, so a user’s trail can be linked', async () => {
    const api = stubApi({
      ...sessionOf(admin),
      'GET /api/audit': () => json({ entries: [entries[0]], nextCursor: null }),
    });
    renderRoute('/admin/audit?targetType=user&targetId=u7');

    await screen.findByRole('table', { name: 'Audit entries' });
    expect(api.callsTo('GET', '/api/audit')[0]?.search.toString()).toBe(
      'targetType=user&targetId=u7',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Target id').value).toBe('u7');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('applies filters into the URL and loads older entries by cursor', async () => {
    const api = stubApi({
      ...sessionOf(admin),
      'GET /api/audit': (call) =>
        call.search.get('cursor') === 'c2'
          ? json({ entries: [buildAuditEntry({ id: 1, action: 'site.update' })], nextCursor: null })
          : json({ entries, nextCursor: 'c2' }),
    });
    const { location } = renderRoute('/admin/audit');
    await screen.findByRole('table', { name: 'Audit entries' });

    await userEvent.type(screen.getByLabelText('Actor'), 'root');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(location()).toBe('/admin/audit?actor=root'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/audit').at(-1)?.search.toString()).toBe('actor=root'),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Load more entries' }));
    expect(await screen.findByRole('rowheader', { name: 'site.update' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/audit').at(-1)?.search.toString()).toBe('actor=root&cursor=c2');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more entries' })).toBeNull(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/admin/audit'));
  });

  it('says so when no entry matches', async () => {
    stubApi({
      ...sessionOf(admin),
      'GET /api/audit': () => json({ entries: [], nextCursor: null }),
    });
    renderRoute('/admin/audit?action=news.delete');

    expect(await screen.findByText('No entry matches these filters.')).toBeTruthy();
  });
});

describe('audit change summary', () => {
  it('lists only the fields that changed', () => {
    expect(
      changeSummary({ role: 'user', name: 'Dan' }, { role: 'moderator', name: 'Dan' }),
    ).toEqual(['role: user → moderator']);
    expect(changeSummary(null, { title: 'Hello' })).toEqual(['title: Hello']);
    expect(changeSummary({ until: '2030-01-01' }, {})).toEqual(['until: 2030-01-01 → —']);
    expect(changeSummary('draft', 'published')).toEqual(['draft → published']);
    expect(changeSummary(null, null)).toEqual([]);
  });
});
