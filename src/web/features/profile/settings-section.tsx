import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** The danger zone: a red frame around what cannot be undone. */
  danger?: boolean;
  children: ReactNode;
}

/** One titled block of the profile page, a landmark named by its heading. */
export function SettingsSection({ title, description, danger, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="lg"
      radius="md"
      style={danger ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {description !== undefined && <Text c="dimmed">{description}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
