import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useRecentlyOpenedStore } from '../../../lib/documents/recently-opened-store';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { DocumentRow } from './document-row';
import { HomeSection } from './home-section';

const shownEntries = 5;

/** The documents last opened in the viewer on this browser (the viewer records them). */
export function RecentlyOpened({ onOpen }: { onOpen: (document: ViewerDocument) => void }) {
  const { t, i18n } = useTranslation();
  const entries = useRecentlyOpenedStore((state) => state.entries);

  return (
    <HomeSection id="home-recently-opened" title={t('home.recentlyOpened')} empty={t('home.recentlyOpenedEmpty')}>
      {entries.length > 0 ? (
        <Stack gap="sm">
          {entries.slice(0, shownEntries).map((entry) => (
            <DocumentRow
              key={entry.id}
              document={entry}
              meta={t('home.opened', { date: formatDateTime(entry.openedAt, i18n.language) })}
              onOpen={onOpen}
            />
          ))}
        </Stack>
      ) : undefined}
    </HomeSection>
  );
}
