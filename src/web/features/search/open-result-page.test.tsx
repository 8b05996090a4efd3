import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerLater, apiError, json, stubApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

describe('opening a search result', () => {
  it('says it is opening the result, then goes where it lives, replacing itself in the history', async () => {
    const answer = answerLater();
    const api = stubApi({ 'GET /api/search/open/replies/41': answer.handler });
    const { location, router } = renderRoute('/search/replies/41');

    expect((await screen.findByText('Opening the result')).closest('[role="status"]')).toBeTruthy();
    answer.give(json({ url: '/about?reply=41' }));

    await waitFor(() => expect(location()).toBe('/about?reply=41'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.callsTo('GET', '/api/search/open/replies/41')).toHaveLength(1);
  });

  it('says plainly when the result is gone, with the way back to search', async () => {
    stubApi({
      'GET /api/search/open/posts/9': () => apiError(404, 'not-found', 'Post not found'),
    });
    const { location } = renderRoute('/search/posts/9');

    expect(await screen.findByText('This result is no longer available')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to search' }));
    await waitFor(() => expect(location()).toBe('/search'));
  });

  it('never follows an answer to another site', async () => {
    stubApi({ 'GET /api/search/open/posts/3': () => json({ url: '//elsewhere.example/x' }) });
    const { location } = renderRoute('/search/posts/3');

    expect(await screen.findByText('This result is no longer available')).toBeTruthy();
    expect(location()).toBe('/search/posts/3');
  });

  it("shows the server's message when opening fails otherwise", async () => {
    stubApi({
      'GET /api/search/open/chat/5': () =>
        apiError(403, 'permission-denied', 'Verify your email to read chat'),
    });
    renderRoute('/search/chat/5');

    expect(await screen.findByText('Verify your email to read chat')).toBeTruthy();
    expect(screen.getByText('Could not open the result')).toBeTruthy();
  });
});
