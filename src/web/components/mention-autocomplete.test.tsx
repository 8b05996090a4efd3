import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { queryKeys } from '../api/query-keys';
import { ThemeProvider } from '../shell/theme-provider';
import { json, sessionOf, stubApi } from '../test/fake-api';
import { buildUser } from '../test/factories';
import type { SessionUser } from '../../shared/accounts';
import { MarkdownEditor } from './markdown-editor';
import { MENTION_DEBOUNCE_MS } from './mention-autocomplete';

const members = [
  { username: 'ann', name: 'Ann Lee', image: null },
  { username: 'annabel', name: 'Annabel Ortiz', image: null },
  { username: 'bob', name: 'Bob Stone', image: null },
];

function Editor() {
  const [value, setValue] = useState('');
  return <MarkdownEditor label="Reply" value={value} onChange={setValue} maxLength={500} />;
}

/** The editor as `viewer` meets it, once the session is known; the server suggests `members`. */
async function renderEditor(viewer: SessionUser | null = buildUser()) {
  const api = stubApi({
    ...sessionOf(viewer),
    'GET /api/users/suggest': (call) => {
      const prefix = call.search.get('q') ?? '';
      return json({ members: members.filter((m) => m.username.startsWith(prefix)) });
    },
  });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider env="test">
        <Editor />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(client.getQueryData(queryKeys.session)).not.toBeUndefined());
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' });
  const asked = () => api.callsTo('GET', '/api/users/suggest').map((c) => c.search.get('q'));
  return { box, asked };
}

afterEach(() => vi.useRealTimers());

/**
 * The text becomes `text` (caret at its end), then `ms` pass on the frozen clock. Testing
 * Library's user-event waits on real timers between keys, so the clock tests type this way.
 */
async function typeAndWait(box: HTMLTextAreaElement, text: string, ms: number) {
  fireEvent.change(box, { target: { value: text } });
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('mentioning a member in the editor', () => {
  it('suggests members for the typed letters and inserts the chosen one with the keyboard', async () => {
    const { box } = await renderEditor();
    await userEvent.type(box, 'Thanks @an');

    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    const options = within(list).getAllByRole('option');
    expect(options).toEqual([
      within(list).getByRole('option', { name: 'Ann Lee @ann', selected: true }),
      within(list).getByRole('option', { name: 'Annabel Ortiz @annabel', selected: false }),
    ]);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);

    await userEvent.keyboard('{Enter}');
    expect(box.value).toBe('Thanks @annabel ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(box, 'agreed');
    expect(box.value).toBe('Thanks @annabel agreed');
  });

  it('takes Tab too, and replaces the whole typed name', async () => {
    const { box } = await renderEditor();
    await userEvent.type(box, 'hi @bo!');
    // Back to between "b" and "o": the name is still offered, and replaces "@bo" whole.
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await screen.findByRole('option', { name: 'Bob Stone @bob' });

    await userEvent.keyboard('{Tab}');
    expect(box.value).toBe('hi @bob !');
    expect(box.selectionStart).toBe('hi @bob '.length);
    expect(document.activeElement).toBe(box);
  });

  it('closes on Escape, after which Enter starts a new line', async () => {
    const { box } = await renderEditor();
    await userEvent.type(box, 'cc @ann');
    await screen.findByRole('listbox', { name: 'Members to mention' });

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(box.value).toBe('cc @ann\n');
  });

  it('asks once typing pauses, never for an @ alone or one inside an address', async () => {
    const { box, asked } = await renderEditor();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await typeAndWait(box, 'mail ann@an', MENTION_DEBOUNCE_MS * 2);
    await typeAndWait(box, 'mail ann@an and @', MENTION_DEBOUNCE_MS * 2);
    expect(asked()).toEqual([]);

    await typeAndWait(box, 'mail ann@an and @a', MENTION_DEBOUNCE_MS - 50);
    await typeAndWait(box, 'mail ann@an and @an', MENTION_DEBOUNCE_MS - 50);
    expect(asked()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(asked()).toEqual(['an']);
  });

  it('offers nothing to a visitor and asks the server nothing', async () => {
    const { box, asked } = await renderEditor(null);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await typeAndWait(box, 'Hello @an', MENTION_DEBOUNCE_MS * 3);
    expect(asked()).toEqual([]);
    expect(box.getAttribute('aria-autocomplete')).toBeNull();
  });
});
