import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { ThemeProvider } from '../shell/theme-provider';

import { MarkdownEditor } from './markdown-editor';
import { apiError, json, stubApi } from '../test/fake-api';
import { buildUpload } from '../test/factories';
import { toastTitles } from '../test/render-route';

function Editor({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <MarkdownEditor label="Body" value={value} onChange={setValue} maxLength={40} />;
}

function renderEditor(initial?: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider env="test">
        <Editor initial={initial} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Body' });
}

const upload = buildUpload({ id: 'abcdefghijklmnopqrst' });

describe('markdown editor', () => {
  it('previews through the server renderer', async () => {
    const api = stubApi({
      'POST /api/forum/preview': () => json({ html: '<p>Hello <em>there</em></p>' }),
    });
    const box = renderEditor();
    await userEvent.type(box, 'Hello *there*');

    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));

    expect((await screen.findByText('there')).tagName).toBe('EM');
    expect(api.callsTo('POST', '/api/forum/preview').map((call) => call.body)).toEqual([
      { body: 'Hello *there*' },
    ]);
  });

  it('shows a preview failure', async () => {
    stubApi({
      'POST /api/forum/preview': () => apiError(429, 'resource-exhausted', 'Slow down'),
    });
    const box = renderEditor();
    await userEvent.type(box, 'Hi');
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByText('Slow down')).toBeTruthy();
  });

  it('counts characters against the limit', async () => {
    const box = renderEditor('x'.repeat(39));
    expect(screen.getByText('39 / 40 characters')).toBeTruthy();
    await userEvent.type(box, 'yz');
    expect(screen.getByText('41 / 40 characters')).toBeTruthy();
  });

  it('uploads an image and inserts its Markdown at the cursor', async () => {
    const api = stubApi({ 'POST /api/uploads': () => json({ upload }, 201) });
    const box = renderEditor('Before\nAfter');
    box.setSelectionRange(7, 7);

    const file = new File([new Uint8Array([1, 2, 3])], 'my [poster].png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Image file'), file);

    await waitFor(() => expect(box.value).toBe(`Before\n![my poster](${upload.url})\nAfter`));
    const call = api.callsTo('POST', '/api/uploads')[0];
    expect(call?.search.get('purpose')).toBe('post');
  });

  it('shows the server refusal of an upload', async () => {
    stubApi({
      'POST /api/uploads': () =>
        apiError(400, 'invalid-argument', 'Only JPEG, PNG, WebP and GIF images are accepted'),
    });
    const box = renderEditor('Text');
    const file = new File(['<svg/>'], 'x.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Image file'), file);

    await waitFor(() => expect(toastTitles()).toContain('Could not upload the image'));
    expect(box.value).toBe('Text');
  });
});
