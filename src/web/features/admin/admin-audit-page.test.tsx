import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/audit-log';
import { describeEntry } from './audit-summary';
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
  it('says in words who did what to which target, when and why', async () => {
    stubApi({
      ...sessionOf(admin),
      'GET /api/audit': () => json({ entries, nextCursor: null }),
    });
    renderRoute('/admin/audit');

    await screen.findByRole('table', { name: 'Audit entries' });
    const role = row('Changed Dan Requester’s role from user to moderator');
    expect(within(role).getByRole('link', { name: 'Root Admin' }).getAttribute('href')).toBe(
      '/u/root',
    );
    expect(within(role).getByText('Dan Requester')).toBeTruthy();
    expect(within(role).getByText('Long-standing helpful member')).toBeTruthy();
    expect(
      within(role)
        .getByRole('link', { name: 'Every entry for member Dan Requester' })
        .getAttribute('href'),
    ).toBe('/admin/audit?targetType=user&targetId=u7');
    const when = role.querySelector('time');
    expect(when?.getAttribute('datetime')).toBe(entries[0]?.createdAt);
    expect(when?.textContent).toMatch(/ago|yesterday|last|\d{4}/);
    expect(when?.getAttribute('title')).toBeTruthy();
    expect(role.textContent).not.toMatch(/user\.role|\{/);

    const hide = row('Hid the thread ‘Is Solaris too slow?’');
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
          ? json({
              entries: [
                buildAuditEntry({
                  id: 1,
                  action: 'site.update',
                  target: { type: 'site', id: 'site', label: 'Viewpoint' },
                  before: { name: 'Old name', description: 'Films' },
                  after: { name: 'Viewpoint', description: 'Films' },
                }),
              ],
              nextCursor: null,
            })
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
    expect(
      await screen.findByRole('rowheader', { name: 'Renamed the site to ‘Viewpoint’' }),
    ).toBeTruthy();
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

describe('audit entry in words', () => {
  const entry = (overrides: Partial<AuditEntry>) =>
    describeEntry(buildAuditEntry({ reason: null, before: null, after: null, ...overrides }));
  const ann = { type: 'user', id: 'u2', label: 'Ann' } as const;
  const article = { type: 'news', id: '4', label: 'Festival line-up' } as const;

  it('names sanctions with their end, and role changes with both roles', () => {
    const blocked = entry({
      action: 'user.block',
      target: ann,
      after: { block: { reason: 'spam', until: '2030-12-01T10:00:00.000Z' } },
    });
    expect(blocked).toMatch(/^Blocked Ann until .*2030/);
    expect(entry({ action: 'user.block', target: ann, after: { block: { until: null } } })).toBe(
      'Blocked Ann',
    );
    expect(
      entry({
        action: 'user.role',
        target: ann,
        before: { role: 'user' },
        after: { role: 'experienced_moderator' },
      }),
    ).toBe('Changed Ann’s role from user to experienced moderator');
    expect(entry({ action: 'user.unmute', target: ann })).toBe('Unmuted Ann');
  });

  it('tells publishing, unpublishing and editing an article apart', () => {
    expect(entry({ action: 'news.create', target: article, after: { status: 'published' } })).toBe(
      'Published the article ‘Festival line-up’',
    );
    expect(entry({ action: 'news.create', target: article, after: { status: 'draft' } })).toBe(
      'Wrote the draft ‘Festival line-up’',
    );
    expect(
      entry({
        action: 'news.update',
        target: article,
        before: { status: 'published', title: 'Old', summary: 'S' },
        after: { status: 'draft', title: 'Old', summary: 'S' },
      }),
    ).toBe('Unpublished the article ‘Festival line-up’');
    expect(
      entry({
        action: 'news.update',
        target: article,
        before: { status: 'published', title: 'Old', summary: 'S' },
        after: { status: 'published', title: 'Festival line-up', summary: 'T' },
      }),
    ).toBe('Changed the title and summary of the article ‘Festival line-up’');
  });

  it('describes categories and content moderation', () => {
    const category = { type: 'category', id: '2', label: 'Talk' } as const;
    expect(
      entry({
        action: 'category.update',
        target: category,
        before: { name: 'Chat', archived: false },
        after: { name: 'Talk', archived: false },
      }),
    ).toBe('Renamed the category ‘Chat’ to ‘Talk’');
    expect(
      entry({ action: 'comment.purge', target: { type: 'comment', id: '9', label: 'Reply 9' } }),
    ).toBe('Deleted the reply ‘Reply 9’ for good');
  });

  it('names both categories of a move, and still reads an older entry without them', () => {
    const thread = { type: 'post', id: '41', label: 'Is Solaris too slow?' } as const;
    expect(
      entry({
        action: 'post.move',
        target: thread,
        before: { categoryId: 2, categoryName: 'Discussions', filmTitle: null, rating: null },
        after: { categoryId: 3, categoryName: 'Recommendations' },
      }),
    ).toBe('Moved the thread ‘Is Solaris too slow?’ from ‘Discussions’ to ‘Recommendations’');
    expect(
      entry({
        action: 'post.move',
        target: thread,
        before: { categoryId: 2, filmTitle: null, rating: null },
        after: { categoryId: 3 },
      }),
    ).toBe('Moved the thread ‘Is Solaris too slow?’ to another category');
  });
});
