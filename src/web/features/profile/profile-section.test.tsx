import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UpdateProfileDetailsInput } from './api/update-profile-details';
import { toast } from '../../shell/toast-store';
import { apiError, json, profilePageRoutes, stubApi } from '../../test/fake-api';
import { buildProfile, buildUpload, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const ann = buildUser();

const upload = buildUpload({ id: 'abcdefghij0123456789', purpose: 'avatar' });
const avatarUrl = upload.url;

function png(): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
}

describe('profile section', () => {
  it('saves the bio and favourite films', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      'PATCH /api/account/profile': (call) =>
        json({ profile: { ...buildProfile(), ...(call.body as UpdateProfileDetailsInput) } }),
    });
    renderRoute('/user-profile');

    const profile = await screen.findByRole('region', { name: 'Profile' });
    const bio = await within(profile).findByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Westerns and noir.');
    expect(within(profile).getByText('18 / 500 characters')).toBeTruthy();
    const films = within(profile).getByRole('combobox', { name: 'Favourite films' });
    await userEvent.type(films, 'Out of the Past{enter}');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(toastTitles()).toContain('Profile saved'));
    expect(api.callsTo('PATCH', '/api/account/profile')[0]?.body).toEqual({
      bio: 'Westerns and noir.',
      location: 'Leeds',
      favouriteFilms: ['Rio Bravo', 'Out of the Past'],
    });
    // Saved is the new unchanged state: nothing left to save.
    expect(
      within(profile).getByRole<HTMLButtonElement>('button', { name: 'Save profile' }).disabled,
    ).toBe(true);
  });

  it('refuses a bio over 500 characters without calling the server', async () => {
    const api = stubApi(profilePageRoutes());
    renderRoute('/user-profile');

    const profile = await screen.findByRole('region', { name: 'Profile' });
    const bio = await within(profile).findByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.click(bio);
    await userEvent.paste('x'.repeat(501));
    expect(within(profile).getByText('501 / 500 characters')).toBeTruthy();
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(await within(profile).findByText('Bio can be at most 500 characters')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/account/profile')).toHaveLength(0);
  });

  it('uploads an avatar, sets it on the profile and refreshes the session', async () => {
    let user = ann;
    const api = stubApi({
      ...profilePageRoutes(),
      'GET /api/auth/session': () => json({ user }),
      'POST /api/uploads': () => json({ upload }, 201),
      'PATCH /api/account/profile': () => {
        user = { ...ann, image: avatarUrl };
        return json({ profile: { ...buildProfile(), image: avatarUrl } });
      },
    });
    renderRoute('/user-profile');

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).queryByRole('button', { name: 'Remove avatar' })).toBeNull();
    await userEvent.upload(within(profile).getByLabelText('Avatar image file'), png());

    await waitFor(() => expect(toastTitles()).toContain('Avatar updated'));
    expect(api.callsTo('POST', '/api/uploads')[0]?.search.get('purpose')).toBe('avatar');
    expect(api.callsTo('PATCH', '/api/account/profile')[0]?.body).toEqual({ avatarUrl });
    const order = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf('POST /api/uploads')).toBeLessThan(
      order.indexOf('PATCH /api/account/profile'),
    );
    // The session now carries the picture (the header reads it), so it can be removed.
    expect(await within(profile).findByRole('button', { name: 'Remove avatar' })).toBeTruthy();
  });

  it('shows the quota error from the server and does not touch the profile', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      'POST /api/uploads': () =>
        apiError(413, 'resource-exhausted', 'Your uploads would exceed your 200 MB storage quota'),
    });
    renderRoute('/user-profile');

    const profile = await screen.findByRole('region', { name: 'Profile' });
    await userEvent.upload(within(profile).getByLabelText('Avatar image file'), png());

    await waitFor(() => expect(toastTitles()).toContain('Could not upload your avatar'));
    expect(toast.getToasts()[0]?.description).toBe(
      'Your uploads would exceed your 200 MB storage quota',
    );
    expect(api.callsTo('PATCH', '/api/account/profile')).toHaveLength(0);
  });

  it('removes the avatar', async () => {
    const api = stubApi({
      ...profilePageRoutes({ ...ann, image: avatarUrl }),
      'PATCH /api/account/profile': () => json({ profile: buildProfile() }),
    });
    renderRoute('/user-profile');

    await userEvent.click(await screen.findByRole('button', { name: 'Remove avatar' }));

    await waitFor(() => expect(toastTitles()).toContain('Avatar removed'));
    expect(api.callsTo('PATCH', '/api/account/profile')[0]?.body).toEqual({ avatarUrl: null });
  });

  it('links to the public profile', async () => {
    stubApi(profilePageRoutes());
    renderRoute('/user-profile');

    const link = within(await screen.findByRole('region', { name: 'Profile' })).getByRole('link', {
      name: 'View public profile',
    });
    expect(link.getAttribute('href')).toBe('/u/ann');
  });
});
