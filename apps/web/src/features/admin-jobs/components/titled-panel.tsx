import { Card, Group, Stack, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A card of the jobs page: an icon and a heading that names the section, then its content. */
export function TitledPanel({ id, icon: PanelIcon, title, children }: { id: string; icon: Icon; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group gap="xs">
          <PanelIcon size={20} aria-hidden />
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
