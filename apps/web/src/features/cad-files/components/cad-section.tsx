import { Paper, Text, Title } from '@mantine/core';

/** Frame of one CAD tab; the CAD issue fills it. */
export function CadSection({ title, description }: { title: string; description: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="xl">
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {description}
      </Text>
    </Paper>
  );
}
