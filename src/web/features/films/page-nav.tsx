import { Group, Pagination } from '@mantine/core';

interface PageNavProps {
  /** Names the navigation: "Review pages". */
  label: string;
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** Numbered pages of a list, when it has more than one. */
export function PageNav({ label, page, pageCount, onChange }: PageNavProps) {
  if (pageCount <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={label}>
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
        })}
      />
    </Group>
  );
}
