import { Alert, Button, Group, Text } from '@mantine/core';

/** Says an unfinished text came back from this device, with a way to throw it away. */
export function DraftNotice({ what, onDiscard }: { what: string; onDiscard: () => void }) {
  return (
    <Alert color="blue" variant="light" title="Draft restored">
      <Group justify="space-between" gap="xs">
        <Text size="sm">Your unfinished {what} was saved on this device.</Text>
        <Button size="xs" variant="default" onClick={onDiscard}>
          Discard draft
        </Button>
      </Group>
    </Alert>
  );
}
