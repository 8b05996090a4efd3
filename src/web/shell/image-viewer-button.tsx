import { Button, type ButtonProps } from '@mantine/core';
import { IconMaximize } from '../components/icons';
import type { RefObject } from 'react';
import { openImageViewer } from './image-viewer-store';

export interface ImageViewerButtonProps extends ButtonProps {
  /** The <img> to show full size. */
  target: RefObject<HTMLElement | null>;
  /** Button text; 'View full size' unless given. */
  children?: string;
}

export function ImageViewerButton({ target, children, ...buttonProps }: ImageViewerButtonProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconMaximize size={16} aria-hidden />}
      {...buttonProps}
      onClick={() => openImageViewer(target.current)}
    >
      {children ?? 'View full size'}
    </Button>
  );
}
