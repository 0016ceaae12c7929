import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';
import { followsQueryOptions } from '../../../lib/alerts/follows-api';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { FollowingRow } from './following-row';

/** Issue 32: /following, everything the user follows (documents, software, products, searches, units, CAD libraries), newest first, each with unfollow. */
export function FollowingPage() {
  const { t, i18n } = useTranslation();
  // The follows list every follow control reads: unfollowing here updates them too.
  const query = useQuery({ ...followsQueryOptions(), staleTime: 0 });
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  const items = query.data?.items;
  return (
    <PageFrame title={t('following.title')} description={t('following.description')}>
      <Stack gap="md">
        {query.isPending && <LoadingState />}
        {query.isError && <ErrorState title={t('following.loadError')} onRetry={() => void query.refetch()} />}
        {items && items.length === 0 && <EmptyState title={t('following.empty')} hint={t('following.emptyHint')} />}
        {items && items.length > 0 && (
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('following.title')}>
            {items.map((follow) => (
              <FollowingRow key={`${follow.kind}/${follow.itemId}`} follow={follow} dateFormat={dateFormat} />
            ))}
          </Stack>
        )}
      </Stack>
    </PageFrame>
  );
}
