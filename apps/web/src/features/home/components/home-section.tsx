import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface HomeSectionProps {
  id: string;
  title: string;
  /** "See all" link. */
  more?: { to: string; label: string };
  /** Shown when there is nothing to list. */
  empty?: string;
  children?: ReactNode;
}

/** A titled card of the home page. */
export function HomeSection({ id, title, more, empty, children }: HomeSectionProps) {
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={id} data-testid={id}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {more && (
          <Anchor component={Link} to={more.to} fz="sm">
            {more.label}
          </Anchor>
        )}
      </Group>
      {children ?? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      )}
    </Card>
  );
}
