import { Button, Group, Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../shell/dialog-focus';

interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  children: ReactNode;
}

/**
 * A centred dialog named by its title, with the app's close button. Closing it returns focus
 * to the control that opened it, the menu's button when that was a menu item.
 */
export function AppModal({ opened, onClose, title, size, children }: AppModalProps) {
  useReturnFocus(opened);
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size} returnFocus={false}>
      <Modal.Overlay />
      <Modal.Content>
        {/* Mantine renders a <header>, which would be a second page banner landmark. */}
        <Modal.Header role="none">
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close dialog" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

interface DialogButtonsProps {
  onCancel: () => void;
  busy: boolean;
  /** The submit button's words ('Mute', 'Block account'). */
  submitLabel: string;
  color?: string | undefined;
}

/** A dialog form's Cancel and submit buttons; Cancel waits while the form is sent. */
export function DialogButtons({ onCancel, busy, submitLabel, color }: DialogButtonsProps) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" color={color} loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
