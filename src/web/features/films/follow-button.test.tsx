import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, sessionOf, stubApi } from '../../test/fake-api';
import { buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';
import { buildFilmDetail, filmAnswer } from './film-test-data';

const member = buildUser();
const followable = buildFilmDetail({
  viewer: { canFollow: true, following: false, canEdit: false },
});

describe('following a film', () => {
  it('follows at once, then stops, with the button pressed while following', async () => {
    let answer: (response: Response) => void = () => {};
    const api = stubApi({
      ...sessionOf(member),
      'GET /api/films/12': () => json(filmAnswer(followable, [])),
      'PUT /api/films/12/follow': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'DELETE /api/films/12/follow': () => json({ following: false }),
    });
    renderRoute('/films/12-solaris');

    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(follow);
    // Before the server answers.
    const pending = await screen.findByRole('button', { name: 'Following' });
    expect(pending.getAttribute('aria-pressed')).toBe('true');
    answer(json({ following: true }));

    await userEvent.click(await screen.findByRole('button', { name: 'Following' }));
    const stopped = await screen.findByRole('button', { name: 'Follow' });
    expect(stopped.getAttribute('aria-pressed')).toBe('false');
    expect(api.callsTo('PUT', '/api/films/12/follow')).toHaveLength(1);
    expect(api.callsTo('DELETE', '/api/films/12/follow')).toHaveLength(1);
  });

  it('puts the button back and says why when the server refuses', async () => {
    stubApi({
      ...sessionOf(member),
      'GET /api/films/12': () => json(filmAnswer(followable, [])),
      'PUT /api/films/12/follow': () =>
        apiError(429, 'resource-exhausted', 'You are following films too fast.'),
    });
    renderRoute('/films/12-solaris');

    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(toastTitles()).toContain('Could not follow the film'));
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
  });

  it('offers a visitor no button', async () => {
    stubApi({
      ...sessionOf(null),
      'GET /api/films/12': () => json(filmAnswer(buildFilmDetail(), [])),
    });
    renderRoute('/films/12-solaris');

    await screen.findByRole('heading', { level: 1, name: 'Solaris' });
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
  });
});
