import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageBreadcrumbs, type Crumb } from './page-breadcrumbs';

interface PageFrameProps {
  title: string;
  description: string;
  children?: ReactNode;
  /** The pages above this one, linked above its heading (the heading's title ends the trail). */
  parents?: readonly Crumb[];
}

/** Heading, description line and browser-tab title shared by every page. */
export function PageFrame({ title, description, children, parents }: PageFrameProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Stack gap="lg">
      {parents && parents.length > 0 && <PageBreadcrumbs parents={parents} current={title} />}
      <PageHeading title={title} description={description} />
      {children}
    </Stack>
  );
}

/** Memoised: a page draws again with its data, its heading only when the words change. */
const PageHeading = memo(function PageHeading({ title, description }: Pick<PageFrameProps, 'title' | 'description'>) {
  return (
    <div>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Text c="dimmed" mt={6} fz="md">
        {description}
      </Text>
    </div>
  );
});
