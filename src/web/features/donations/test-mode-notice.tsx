import { Alert, Text } from '@mantine/core';
import { IconFlask } from '../../components/icons';

/** Said wherever the demo checkout stands in for the payment provider. */
export function TestModeNotice({ children }: { children: string }) {
  return (
    <Alert color="yellow" icon={<IconFlask size={20} aria-hidden />}>
      <Text fw={700}>Test mode — no money moves</Text>
      <Text size="sm">{children}</Text>
    </Alert>
  );
}
