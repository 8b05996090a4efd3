import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, profilePageRoutes, sessionOf, stubApi } from '../../test/fake-api';
import { buildAdmin, buildCategories, site } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const admin = buildAdmin();

const categories = buildCategories();

async function categoryItem(name: string) {
  const list = await screen.findByRole('list', { name: 'Categories' });
  return within(list).getByRole('listitem', { name });
}

describe('admin site settings', () => {
  it('saves the site name and description', async () => {
    const api = stubApi({
      ...sessionOf(admin),
      'PUT /api/admin/site': (call) => json(call.body),
    });
    renderRoute('/admin/settings');

    const name = await screen.findByLabelText(/^Site name/);
    expect((name as HTMLInputElement).value).toBe('Viewpoint');
    await userEvent.clear(name);
    await userEvent.type(name, 'Cinema Club');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(toastTitles()).toContain('Site settings saved'));
    expect(api.callsTo('PUT', '/api/admin/site')[0]?.body).toEqual({
      name: 'Cinema Club',
      description: site.description,
      staffSecondFactor: false,
    });
  });

  it('asks staff for a second factor', async () => {
    const api = stubApi({
      ...sessionOf(buildAdmin({ secondFactor: true })),
      'PUT /api/admin/site': (call) => json(call.body),
    });
    renderRoute('/admin/settings');
    await userEvent.click(await screen.findByLabelText(/Staff must use a second factor/));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toastTitles()).toContain('Site settings saved'));
    expect(api.callsTo('PUT', '/api/admin/site')[0]?.body).toMatchObject({
      staffSecondFactor: true,
    });
  });

  it('sends staff without a second factor to set one up while the site asks for it', async () => {
    stubApi({
      ...profilePageRoutes(admin),
      'GET /api/site': () => json({ ...site, staffSecondFactor: true }),
    });
    const { location } = renderRoute('/admin/settings');
    await waitFor(() => expect(toastTitles()).toContain('Second factor needed'));
    await waitFor(() => expect(location()).toBe('/user-profile'));
    expect(await screen.findByRole('region', { name: 'Second factor' })).toBeTruthy();
  });

  it('refuses a one-letter site name before asking the server', async () => {
    const api = stubApi(sessionOf(admin));
    renderRoute('/admin/settings');

    const name = await screen.findByLabelText(/^Site name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'V');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(/at least 2/i)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/admin/site')).toHaveLength(0);
  });

  it('adds a category and shows the server’s refusal of a duplicate on the field', async () => {
    stubApi({
      ...sessionOf(admin),
      'POST /api/forum/categories': () =>
        apiError(400, 'invalid-argument', 'Invalid request', {
          issues: [{ path: '/name', message: 'A category with this name exists' }],
        }),
    });
    renderRoute('/admin/settings');
    await categoryItem('Reviews');

    const add = screen.getByRole('region', { name: 'Add a category' });
    await userEvent.type(within(add).getByLabelText(/^Name/), 'Discussions');
    await userEvent.click(within(add).getByRole('button', { name: 'Add category' }));
    expect(await within(add).findByText('A category with this name exists')).toBeTruthy();

    const created = {
      id: 4,
      slug: 'docs',
      name: 'Documentaries',
      description: 'Real life',
      position: 3,
      archived: false,
    };
    stubApi({
      ...sessionOf(admin),
      'POST /api/forum/categories': (call) => {
        expect(call.body).toEqual({ name: 'Documentaries', description: 'Real life' });
        return json({ category: created }, 201);
      },
    });
    await userEvent.clear(within(add).getByLabelText(/^Name/));
    await userEvent.type(within(add).getByLabelText(/^Name/), 'Documentaries');
    await userEvent.type(within(add).getByLabelText('Description'), 'Real life');
    await userEvent.click(within(add).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(toastTitles()).toContain('Category added'));
  });

  it('moves a category up by sending the whole new order', async () => {
    const api = stubApi({
      ...sessionOf(admin),
      'PUT /api/forum/categories/order': (call) => {
        const ids = (call.body as { ids: number[] }).ids;
        return json({ categories: ids.map((id) => categories.find((c) => c.id === id)) });
      },
    });
    renderRoute('/admin/settings');

    const discussions = await categoryItem('Discussions');
    expect(
      within(await categoryItem('Reviews')).getByRole('button', { name: 'Move Reviews up' }),
    ).toHaveProperty('disabled', true);
    await userEvent.click(within(discussions).getByRole('button', { name: 'Move Discussions up' }));

    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/forum/categories/order')[0]?.body).toEqual({
        ids: [2, 1, 3],
      }),
    );
    await waitFor(() => {
      const names = within(screen.getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));
      expect(names).toEqual(['Discussions', 'Reviews', 'Old stuff']);
    });
  });

  it('renames in a dialog and archives and unarchives', async () => {
    const api = stubApi({
      ...sessionOf(admin),
      'PATCH /api/forum/categories/2': (call) =>
        json({ category: { ...categories[1], ...(call.body as object) } }),
      'PATCH /api/forum/categories/3': (call) =>
        json({ category: { ...categories[2], ...(call.body as object) } }),
    });
    renderRoute('/admin/settings');

    await userEvent.click(
      within(await categoryItem('Discussions')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Discussions' });
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'General talk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save category' }));
    await waitFor(() => expect(toastTitles()).toContain('Category saved'));
    expect(api.callsTo('PATCH', '/api/forum/categories/2')[0]?.body).toEqual({
      name: 'General talk',
      description: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Archive Discussions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unarchive Old stuff' }));
    await waitFor(() => expect(toastTitles()).toContain('Category restored'));
    expect(toastTitles()).toContain('Category archived');
    expect(api.callsTo('PATCH', '/api/forum/categories/2')[1]?.body).toEqual({ archived: true });
    expect(api.callsTo('PATCH', '/api/forum/categories/3')[0]?.body).toEqual({ archived: false });
  });
});
