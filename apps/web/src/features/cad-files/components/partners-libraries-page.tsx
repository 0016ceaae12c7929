import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { partnerLibrariesQueryOptions } from '../api/get-partner-libraries';
import { CadSection } from './cad-section';
import { LibraryCard } from './libraries/library-card';

/** Partner libraries tab, grouped per CAD tool. `#<libraryId>` (a favourite's link) scrolls to and marks that library. */
export function PartnersLibrariesPage() {
  const { t } = useTranslation();
  const query = useQuery(partnerLibrariesQueryOptions());
  const target = decodeURIComponent(useLocation().hash.slice(1));
  const loaded = Boolean(query.data);

  useEffect(() => {
    if (loaded && target) document.getElementById(target)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [loaded, target]);

  return (
    <CadSection title={t('cadFiles.partnersLibraries')} description={t('cadFiles.partnersLibrariesDescription')}>
      {query.isPending && <LoadingState />}
      {query.isError && <ErrorState title={t('cadFiles.librariesLoadError')} onRetry={() => void query.refetch()} />}
      {query.data?.tools.length === 0 && <EmptyState title={t('cadFiles.noLibraries')} />}
      {query.data?.tools.map((group) => (
        <Stack key={group.tool} gap="sm" component="section" data-tool={group.tool}>
          <Title order={3} fz="lg">
            {group.tool}
          </Title>
          {group.libraries.map((library) => (
            <LibraryCard key={library.id} library={library} highlighted={library.id === target} />
          ))}
        </Stack>
      ))}
    </CadSection>
  );
}
