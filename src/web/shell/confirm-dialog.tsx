import { Button, Group, Modal, Text } from '@mantine/core';
import { useReturnFocus } from './dialog-focus';
import { acceptConfirm, cancelConfirm, useConfirmState, type ConfirmType } from './confirm-store';

const confirmColor: Record<ConfirmType, string | undefined> = {
  info: undefined, // the theme's primary colour (amber)
  warning: 'yellow',
  danger: 'red',
};

/** The one global confirm dialog; open it with confirm() from confirm-store. */
export function ConfirmDialog() {
  const { opened, loading, view } = useConfirmState();
  // Back to what asked for the confirmation, also when that was a menu item or another dialog.
  useReturnFocus(opened);

  return (
    <Modal.Root
      opened={opened}
      onClose={() => void cancelConfirm()}
      centered
      returnFocus={false}
      closeOnEscape={!loading}
      closeOnClickOutside={!loading}
    >
      <Modal.Overlay />
      <Modal.Content>
        {/* Mantine renders a <header>, which would be a second page banner landmark. */}
        <Modal.Header role="none">
          <Modal.Title fw={600}>{view?.title}</Modal.Title>
          {!loading && <Modal.CloseButton aria-label="Close dialog" />}
        </Modal.Header>
        <Modal.Body>
          <Text>{view?.message}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" disabled={loading} onClick={() => void cancelConfirm()}>
              {view?.cancelLabel}
            </Button>
            <Button
              color={view ? confirmColor[view.type] : undefined}
              loading={loading}
              data-type={view?.type}
              onClick={() => void acceptConfirm()}
            >
              {view?.confirmLabel}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
