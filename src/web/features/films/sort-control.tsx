import { Box, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface SortControlProps<Sort extends string> {
  /** The visible label: "Sort reviews by". */
  label: string;
  name: string;
  value: Sort;
  options: readonly { value: Sort; label: string }[];
  onChange: (sort: Sort) => void;
}

/**
 * A list's order under a visible label: a select on phones (four choices do not fit 390 px in
 * a row), the choices side by side from the `sm` breakpoint.
 */
export function SortControl<Sort extends string>(props: SortControlProps<Sort>) {
  const { label, name, value, options, onChange } = props;
  const labelId = useId();
  const choose = (next: string) => {
    const option = options.find((entry) => entry.value === next);
    if (option) onChange(option.value);
  };
  return (
    <>
      <Box hiddenFrom="sm">
        <NativeSelect
          label={label}
          name={name}
          value={value}
          onChange={(event) => choose(event.currentTarget.value)}
          data={options.map((option) => ({ value: option.value, label: option.label }))}
        />
      </Box>
      <Stack gap={4} visibleFrom="sm">
        <Text component="span" id={labelId} size="sm" fw={500}>
          {label}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          name={`${name}-wide`}
          value={value}
          onChange={choose}
          data={options.map((option) => ({ value: option.value, label: option.label }))}
        />
      </Stack>
    </>
  );
}
