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

/** A form that records what it sends, as a reply form posts its body. */
function SendingComposer({ onSend }: { onSend: (body: string) => void }) {
  const [body, setBody] = useState('');
  useKeptTyping(['body'], (kept) => setBody(kept.body ?? ''));
  return (
    <form
      aria-label="Composer"
      onSubmit={(event) => {
        event.preventDefault();
        onSend(body);
      }}
    >
      <textarea
        aria-label="body"
        name="body"
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
      />
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

  it('sends a form whose Send was pressed before the app started, once it holds the kept text', async () => {
    runKeepTypingScript();
    const root = document.createElement('div');
    root.id = 'root';
    const drawnForm = document.createElement('form');
    const box = document.createElement('textarea');
    box.name = 'body';
    drawnForm.append(box);
    root.append(drawnForm);
    document.body.append(root);
    box.value = 'Sent before the scripts came';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    const early = new Event('submit', { bubbles: true, cancelable: true });
    drawnForm.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    root.remove();

    const sent: string[] = [];
    render(<SendingComposer onSend={(body) => sent.push(body)} />);
    await waitFor(() => expect(sent).toEqual(['Sent before the scripts came']));
    // Once: a form drawn again later sends nothing by itself.
    render(<SendingComposer onSend={(body) => sent.push(body)} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
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
