import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FilmSummary } from '../../../shared/films';
import { typeBeforeAppStarts } from '../../test/before-app';
import { json, stubApi, type ApiCall } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { weightedAverageNote } from './film-index-filters';
import { buildFilm } from './film-test-data';

const solaris = buildFilm();
const stalker = buildFilm({ id: 13, title: 'Stalker', year: 1979, average: 9.5, reviewCount: 2 });
const unrated = buildFilm({ id: 14, title: 'Mirror', year: 1975, average: null, reviewCount: 0 });

/** The index's answer: `items` on page 1 of `pageCount`. */
function indexAnswer(items: FilmSummary[], pageCount = 1) {
  return (call: ApiCall) =>
    json({ items, page: Number(call.search.get('page') ?? 1), pageCount, total: items.length });
}

describe('the films index', () => {
  it('lists the films with their year, average and number of reviews', async () => {
    stubApi({ 'GET /api/films': indexAnswer([solaris, stalker, unrated]) });
    renderRoute('/films');

    const list = await screen.findByRole('list', { name: 'Films' });
    const link = within(list).getByRole('link', { name: 'Solaris' });
    expect(link.getAttribute('href')).toBe('/films/12-solaris');
    expect(
      within(list).getByText((_, node) => node?.textContent === '9.5 · 2 reviews'),
    ).toBeTruthy();
    expect(within(list).getByText('No ratings yet')).toBeTruthy();
    expect(screen.getByText('3 films')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Films' })).toBeTruthy();
  });

  it('changes the order in the address, and explains the weighted average of Best rated', async () => {
    const api = stubApi({ 'GET /api/films': indexAnswer([solaris, stalker]) });
    const { location } = renderRoute('/films');
    await screen.findByRole('list', { name: 'Films' });
    expect(screen.queryByText(weightedAverageNote)).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Best rated' }));
    expect(await screen.findByText(weightedAverageNote)).toBeTruthy();
    expect(location()).toBe('/films?sort=best-rated');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/films').at(-1)?.search.get('sort')).toBe('best-rated'),
    );

    await userEvent.click(screen.getByRole('radio', { name: 'A–Z' }));
    await waitFor(() => expect(screen.queryByText(weightedAverageNote)).toBeNull());
    expect(location()).toBe('/films?sort=title');
  });

  it('filters by decade or year and searches titles, all in the address', async () => {
    const api = stubApi({ 'GET /api/films': indexAnswer([stalker], 3) });
    const { location } = renderRoute('/films?sort=recent');
    await screen.findByRole('list', { name: 'Films' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Decade' }), '1970s');
    await waitFor(() => expect(location()).toBe('/films?sort=recent&decade=1970'));

    await userEvent.type(screen.getByRole('textbox', { name: 'Year' }), '1979');
    await waitFor(() => expect(location()).toBe('/films?sort=recent&year=1979'));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search films' }), 'stal');
    await waitFor(() => expect(location()).toBe('/films?sort=recent&year=1979&q=stal'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/films').at(-1)?.search.toString()).toBe(
        'sort=recent&page=1&year=1979&q=stal',
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('/films?sort=recent&year=1979&q=stal&page=2'));
  });

  it('keeps a title, a year and an order chosen before the app started, and searches them', async () => {
    typeBeforeAppStarts({ q: 'stal', year: '1979', sort: 'best-rated' });
    const api = stubApi({ 'GET /api/films': indexAnswer([stalker]) });
    const { location } = renderRoute('/films');

    const search = await screen.findByRole<HTMLInputElement>('searchbox', {
      name: 'Search films',
    });
    expect(search.value).toBe('stal');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Year' }).value).toBe('1979'),
    );
    await waitFor(() => {
      const params = new URLSearchParams(location().split('?')[1]);
      expect([params.get('q'), params.get('year'), params.get('sort')]).toEqual([
        'stal',
        '1979',
        'best-rated',
      ]);
    });
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/films').at(-1)?.search.get('q')).toBe('stal'),
    );
  });

  it('says when no film matches', async () => {
    stubApi({ 'GET /api/films': indexAnswer([]) });
    renderRoute('/films?q=zzz');
    expect(await screen.findByText('No films here')).toBeTruthy();
    expect(screen.getByText('No film’s title matches “zzz”.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search films' }).value).toBe(
      'zzz',
    );
  });
});
