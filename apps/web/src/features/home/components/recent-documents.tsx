import { Alert, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { languageFirst } from '../../../lib/documents/language-first';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { toViewerDocument } from '../../../lib/search/search-api';
import { recentSearchQueryOptions } from '../api/recent-search';
import { DocumentRow } from './document-row';
import { HomeSection } from './home-section';

export function RecentDocuments({ onOpen }: { onOpen: (document: ViewerDocument) => void }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useQuery(recentSearchQueryOptions());

  let content;
  if (isPending) content = <Loader size="sm" role="status" aria-label={t('app.loading')} />;
  else if (isError) content = <Alert color="red" variant="light">{t('home.loadError')}</Alert>;
  else if (data.items.length > 0) {
    content = (
      <Stack gap="sm">
        {/* The newest documents, those in the reader's language first. */}
        {languageFirst(data.items, i18n.language, (item) => item.languageCode).map((item) => (
          <DocumentRow
            key={item.id}
            document={toViewerDocument(item)}
            thumbnailUrl={item.thumbnailUrl}
            meta={t('home.published', { date: formatDay(item.publishedAt, i18n.language) })}
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
