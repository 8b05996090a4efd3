import { Center, Image, Text, UnstyledButton } from '@mantine/core';
import { useRef } from 'react';
import type { FilmSummary } from '../../../shared/films';
import { openImageViewer } from '../../shell/image-viewer-store';
import classes from './film-poster.module.css';

interface FilmPosterProps {
  film: Pick<FilmSummary, 'title' | 'poster'>;
  /** Width in pixels; the poster keeps a 2:3 frame. */
  width: number;
  /** A click opens the full image in the app's image viewer (the film's own page). */
  zoomable?: boolean;
}

/** A film's poster thumbnail, or a neutral frame with no picture. */
export function FilmPoster({ film, width, zoomable = false }: FilmPosterProps) {
  const image = useRef<HTMLImageElement>(null);
  if (!film.poster) {
    return (
      <Center className={classes.frame} w={width} aria-hidden>
        <Text size="xs" c="dimmed" ta="center" px={4}>
          No poster
        </Text>
      </Center>
    );
  }
  const { url, thumbnailUrl } = film.poster;
  const alt = `Poster of ${film.title}`;
  const thumbnail = (
    <Image
      ref={image}
      src={thumbnailUrl}
      alt={zoomable ? '' : alt}
      w={width}
      className={classes.frame}
      fit="cover"
    />
  );
  if (!zoomable) return thumbnail;
  const showFull = () => {
    // The viewer shows an <img>: one holding the full poster, not the thumbnail on the page.
    const full = document.createElement('img');
    full.src = url;
    full.alt = alt;
    openImageViewer(full);
  };
  return (
    <UnstyledButton
      onClick={showFull}
      aria-label={`View the poster of ${film.title} full size`}
      className={classes.zoom}
    >
      {thumbnail}
    </UnstyledButton>
  );
}
