import { Image, UnstyledButton } from '@mantine/core';
import { useRef } from 'react';
import type { NewsArticle } from '../../../shared/news';
import { openImageViewer } from '../../shell/image-viewer-store';

/** The article's cover; a click or Enter opens it full size in the app's image viewer. */
export function NewsCover({ cover }: { cover: NonNullable<NewsArticle['cover']> }) {
  const image = useRef<HTMLImageElement>(null);
  return (
    <UnstyledButton
      onClick={() => openImageViewer(image.current)}
      aria-label={`View the cover image full size: ${cover.alt}`}
      style={{ cursor: 'zoom-in', display: 'block' }}
    >
      <Image ref={image} src={cover.url} alt={cover.alt} radius="md" mah={480} fit="cover" />
    </UnstyledButton>
  );
}
