import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of the privacy policy or the terms, labelled for screen-reader navigation. */
export function LegalSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} size="h3" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}
