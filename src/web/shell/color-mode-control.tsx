import { SegmentedControl, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useMatches } from 'react-router';
import { deepestHandle } from './route-handle';

const options: { label: string; value: MantineColorScheme }[] = [
  { label: 'System', value: 'auto' },
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
];

function isColorScheme(value: string): value is MantineColorScheme {
  return options.some((option) => option.value === value);
}

/**
 * System / Light / Dark. Mantine stores the choice (localStorage) and sets
 * data-mantine-color-scheme on <html>; a route that forces a scheme disables the control.
 */
export function ColorModeControl({ fullWidth = false }: { fullWidth?: boolean }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const forced = deepestHandle(useMatches(), 'forceColorScheme') !== undefined;
  return (
    <SegmentedControl
      aria-label="Colour mode"
      size="xs"
      fullWidth={fullWidth}
      data={options}
      value={colorScheme}
      disabled={forced}
      onChange={(value) => {
        if (isColorScheme(value)) setColorScheme(value);
      }}
    />
  );
}
