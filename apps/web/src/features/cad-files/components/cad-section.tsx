import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Frame of one CAD tab: its heading, what it is for, then its content. */
export function CadSection({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="lg">
        <div>
          <Title order={2} fz="xl">
            {title}
          </Title>
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
