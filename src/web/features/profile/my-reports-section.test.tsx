import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyReport } from '../../../shared/reports';
import { json, profilePageRoutes, stubApi } from '../../test/fake-api';
import { buildMyReport } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

/** A report on 'Cheap posters', thread 4. */
const report = (overrides: Partial<MyReport>) =>
  buildMyReport({
    target: {
      type: 'post',
      postId: 4,
      commentId: null,
      title: 'Cheap posters',
      link: '/forum/post/4',
    },
    ...overrides,
  });

describe('your reports', () => {
  it('lists each report with where it is and what the moderators did', async () => {
    stubApi({
      ...profilePageRoutes(),
      'GET /api/reports/mine': () =>
        json({
          items: [
            report({
              id: 'chat-7',
              category: 'spam',
              status: 'resolved',
              resolution: 'dismiss',
              resolvedAt: '2025-03-03T09:00:00.000Z',
              target: {
                type: 'message',
                roomId: 3,
                messageId: 70,
                title: 'General',
                link: '/chat?room=3&message=70',
              },
            }),
            report({
              id: 'forum-2',
              status: 'resolved',
              resolution: 'hide',
              resolvedAt: '2025-03-02T09:00:00.000Z',
            }),
            report({
              id: 'forum-1',
              category: 'abuse',
              target: {
                type: 'comment',
                postId: 5,
                commentId: 9,
                title: 'Heat',
                link: '/forum/post/5?reply=9',
              },
            }),
          ],
          nextCursor: null,
        }),
    });
    renderRoute('/user-profile');
    const reports = await screen.findByRole('region', { name: 'Your reports' });
    const list = await within(reports).findByRole('list', { name: 'Your reports' });
    const [message, hidden, waiting] = within(list).getAllByRole('listitem');
    expect(
      within(message as HTMLElement)
        .getByRole('link', { name: 'A chat message in General' })
        .getAttribute('href'),
    ).toBe('/chat?room=3&message=70');
    expect(within(message as HTMLElement).getByText('Reviewed: no action needed')).toBeTruthy();
    expect(
      within(hidden as HTMLElement)
        .getByRole('link', { name: 'Cheap posters' })
        .getAttribute('href'),
    ).toBe('/forum/post/4');
    expect(within(hidden as HTMLElement).getByText('Hidden by a moderator')).toBeTruthy();
    expect(within(hidden as HTMLElement).getByText('Spam')).toBeTruthy();
    expect(
      within(waiting as HTMLElement)
        .getByRole('link', { name: 'A reply in “Heat”' })
        .getAttribute('href'),
    ).toBe('/forum/post/5?reply=9');
    expect(within(waiting as HTMLElement).getByText('Waiting for a moderator')).toBeTruthy();
    expect(within(waiting as HTMLElement).getByText('Abuse or harassment')).toBeTruthy();
  });

  it('says so when there is nothing reported', async () => {
    stubApi(profilePageRoutes());
    renderRoute('/user-profile');
    const reports = await screen.findByRole('region', { name: 'Your reports' });
    expect(await within(reports).findByText('You have not reported anything.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your reports' })).toBeNull();
  });
});
