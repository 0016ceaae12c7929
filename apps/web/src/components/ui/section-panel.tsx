import { Paper, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionPanelProps {
  /** The heading's id, which names the section for screen readers. */
  headingId: string;
  title: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A bordered section of a console page with its level-2 heading (upload, recent imports…). */
export function SectionPanel({ headingId, title, gap = 'md', children }: SectionPanelProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={gap}>
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
