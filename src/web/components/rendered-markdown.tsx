import { Typography } from '@mantine/core';
import {
  memo,
  useLayoutEffect,
  useRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { openImageViewer } from '../shell/image-viewer-store';
import classes from './rendered-markdown.module.css';

const viewableImage = 'img.post-image';

function imageOf(target: EventTarget): HTMLImageElement | null {
  return target instanceof HTMLImageElement && target.matches(viewableImage) ? target : null;
}

interface RenderedMarkdownProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'dangerouslySetInnerHTML'
> {
  html: string;
}

/**
 * HTML the server rendered from Markdown. Setting it as inner HTML is safe here and only here:
 * the server's renderer allows no raw HTML, strips scripts and event handlers, rewrites links
 * and admits only our own upload URLs as images, and it stores that sanitised result; the
 * preview endpoint runs the very same renderer. Post images open in the image viewer on click
 * or Enter; one listener on the container serves all of them. Drawn with Mantine's Typography
 * class, not its component: a thread page has fifty of these.
 */
export const RenderedMarkdown = memo(function RenderedMarkdown({
  html,
  className,
  ...rest
}: RenderedMarkdownProps) {
  const container = useRef<HTMLDivElement>(null);

  // The server's HTML cannot carry tabindex, so images are made keyboard-reachable here.
  useLayoutEffect(() => {
    container.current?.querySelectorAll<HTMLImageElement>(viewableImage).forEach((image) => {
      image.tabIndex = 0;
      image.style.cursor = 'zoom-in';
    });
  }, [html]);

  const onClick = (event: MouseEvent) => {
    const image = imageOf(event.target);
    if (image) openImageViewer(image);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const image = imageOf(event.target);
    if (image && event.key === 'Enter') {
      event.preventDefault();
      openImageViewer(image);
    }
  };

  return (
    <div
      ref={container}
      {...rest}
      className={`${Typography.classes.root} ${classes.body}${className ? ` ${className}` : ''}`}
      onClick={onClick}
      onKeyDown={onKeyDown}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
