import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecentlyOpenedStore } from '../../../lib/documents/recently-opened-store';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { DocumentRow } from './document-row';
import { HomeSection } from './home-section';

const shownEntries = 5;

/** The documents last opened in the viewer on this browser (the viewer records them). */
export function RecentlyOpened({ onOpen }: { onOpen: (document: ViewerDocument) => void }) {
  const { t, i18n } = useTranslation();
  const entries = useRecentlyOpenedStore((state) => state.entries);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <HomeSection id="home-recently-opened" title={t('home.recentlyOpened')} empty={t('home.recentlyOpenedEmpty')}>
      {entries.length > 0 ? (
        <Stack gap="sm">
          {entries.slice(0, shownEntries).map((entry) => (
            <DocumentRow
              key={entry.id}
              document={entry}
              meta={t('home.opened', { date: date.format(new Date(entry.openedAt)) })}
              onOpen={onOpen}
            />
          ))}
        </Stack>
      ) : undefined}
    </HomeSection>
  );
}
