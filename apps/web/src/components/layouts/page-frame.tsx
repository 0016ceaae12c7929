import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageFrameProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** Heading, description line and browser-tab title shared by every page. */
export function PageFrame({ title, description, children }: PageFrameProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" mt={6} fz="md">
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  );
}
