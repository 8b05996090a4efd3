import { Fragment } from 'react';
import type { Highlight } from '../../../shared/search';
import classes from './highlighted-text.module.css';

/**
 * A title or snippet with the words that matched in <mark>. The parts are plain text from the
 * server, drawn as text: nothing a member wrote can become markup.
 */
export function HighlightedText({ parts }: { parts: Highlight }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className={classes.mark}>
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The parts as one string, for where only text fits (a link's title). */
export function plainText(parts: Highlight): string {
  return parts.map((part) => part.text).join('');
}
