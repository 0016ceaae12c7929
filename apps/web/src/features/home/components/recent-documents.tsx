import { Alert, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { toViewerDocument } from '../../../lib/search/search-api';
import { recentSearchQueryOptions } from '../api/recent-search';
import { DocumentRow } from './document-row';
import { HomeSection } from './home-section';

export function RecentDocuments({ onOpen }: { onOpen: (document: ViewerDocument) => void }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useQuery(recentSearchQueryOptions());
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  let content;
  if (isPending) content = <Loader size="sm" role="status" aria-label={t('app.loading')} />;
  else if (isError) content = <Alert color="red" variant="light">{t('home.loadError')}</Alert>;
  else if (data.items.length > 0) {
    content = (
      <Stack gap="sm">
        {data.items.map((item) => (
          <DocumentRow
            key={item.id}
            document={toViewerDocument(item)}
            thumbnailUrl={item.thumbnailUrl}
            meta={t('home.published', { date: date.format(new Date(item.publishedAt)) })}
            onOpen={onOpen}
          />
        ))}
      </Stack>
    );
  }

  return (
    <HomeSection
      id="home-recently-published"
      title={t('home.recentlyPublished')}
      more={{ to: '/resources?sort=newest', label: t('home.seeAllResources') }}
      empty={t('home.recentlyPublishedEmpty')}
    >
      {content}
    </HomeSection>
  );
}
