import { Select, Stack, Text } from '@mantine/core';
import { watchLevels, type WatchLevel } from '../../../shared/forum';

export type WatchSubject = 'thread' | 'category';

const levelLabels: Record<WatchLevel, string> = {
  watching: 'Watching',
  normal: 'Normal',
  muted: 'Muted',
};

/** What each level means for a thread and for a category, in one line each. */
const explanations: Record<WatchSubject, Record<WatchLevel, string>> = {
  thread: {
    watching: 'Every new reply notifies you.',
    normal: 'Only answers to you and mentions of you notify you.',
    muted: 'Nothing in this thread notifies you.',
  },
  category: {
    watching: 'Every new thread and every reply in its threads notifies you.',
    normal: 'Threads you watch, answers to you and mentions notify you.',
    muted: 'New threads and replies in it notify you only in threads you watch.',
  },
};

/** The toast after a change: what the member will hear from now on. */
export function watchChangedTitle(subject: WatchSubject, level: WatchLevel): string {
  switch (level) {
    case 'watching':
      return `You are watching this ${subject}`;
    case 'normal':
      return `Normal notifications for this ${subject}`;
    case 'muted':
      return `This ${subject} is muted`;
  }
}

interface WatchSelectProps {
  subject: WatchSubject;
  level: WatchLevel;
  onChange: (level: WatchLevel) => void;
  disabled?: boolean;
}

/** "Notifications for this thread": Watching, Normal or Muted, each option saying what it does. */
export function WatchSelect({ subject, level, onChange, disabled }: WatchSelectProps) {
  const meaning = explanations[subject];
  return (
    <Select
      label={`Notifications for this ${subject}`}
      description={meaning[level]}
      value={level}
      data={watchLevels.map((value) => ({ value, label: levelLabels[value] }))}
      onChange={(value) => {
        const chosen = watchLevels.find((candidate) => candidate === value);
        if (chosen && chosen !== level) onChange(chosen);
      }}
      allowDeselect={false}
      disabled={disabled}
      maw={360}
      comboboxProps={{ width: 320, position: 'bottom-start' }}
      renderOption={({ option }) => {
        const value = watchLevels.find((candidate) => candidate === option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {value && (
              <Text size="xs" c="dimmed">
                {meaning[value]}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}
