import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { runKeepTypingScript, typeBeforeAppStarts } from '../test/before-app';
import { takeKept, useKeptTyping } from './kept-typing';

function Composer({ names }: { names: string[] }) {
  const [values, setValues] = useState<Record<string, string>>({});
  useKeptTyping(names, (kept) => setValues(kept));
  return (
    <form aria-label="Composer">
      {names.map((name) => (
        <textarea
          key={name}
          aria-label={name}
          name={name}
          value={values[name] ?? ''}
          onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
        />
      ))}
    </form>
  );
}

function field(name: string): HTMLTextAreaElement {
  const element = screen.getByRole('textbox', { name });
  if (!(element instanceof HTMLTextAreaElement)) throw new Error(`${name} is no textarea`);
  return element;
}

describe('keeping what was typed before the app started', () => {
  it('a form takes the text of its named fields when it mounts, with the caret of the last', async () => {
    typeBeforeAppStarts({ title: 'Heat', body: 'The bank\nscene' });
    render(<Composer names={['title', 'body']} />);

    expect(field('title').value).toBe('Heat');
    expect(field('body').value).toBe('The bank\nscene');
    // React drew the fields anew: the one typed into last gets the focus and caret back.
    await waitFor(() => expect(document.activeElement).toBe(field('body')));
    expect(field('body').selectionStart).toBe('The bank\nscene'.length);
  });

  it('gives each field once: a form mounted later starts empty', () => {
    typeBeforeAppStarts({ body: 'Typed early\n' });
    const first = render(<Composer names={['body']} />);
    expect(field('body').value).toBe('Typed early\n');
    first.unmount();

    render(<Composer names={['body']} />);
    expect(field('body').value).toBe('');
  });

  it('keeps nothing for fields the server never drew, once the app runs', () => {
    runKeepTypingScript();
    document.documentElement.dataset.appReady = 'true';
    const root = document.createElement('div');
    root.id = 'root';
    const drawnLater = document.createElement('input');
    drawnLater.name = 'q';
    root.append(drawnLater);
    document.body.append(root);
    drawnLater.value = 'typed in the app';
    drawnLater.dispatchEvent(new Event('input', { bubbles: true }));
    root.remove();

    expect(takeKept('q')).toBeUndefined();
  });

  it('holds back a form sent before the app can send it, but lets a form with an action go', () => {
    runKeepTypingScript();
    const reply = document.createElement('form');
    const search = document.createElement('form');
    search.setAttribute('action', '/search');
    document.body.append(reply, search);
    const sent = (form: HTMLFormElement) => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return !event.defaultPrevented;
    };

    // Sent, a form without an action would reload this page and lose what was typed.
    expect(sent(reply)).toBe(false);
    expect(sent(search)).toBe(true);
    reply.remove();
    search.remove();
  });
});
