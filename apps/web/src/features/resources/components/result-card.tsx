import { Anchor, Badge, Button, Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SearchItem } from '@portal/contracts/documents';
import { CopyShareLinkButton } from '../../../components/document-actions/copy-share-link-button';
import { DownloadDocumentButton } from '../../../components/document-actions/download-document-button';
import { FavoriteToggle } from '../../../components/favorite-toggle/favorite-toggle';
import { FollowToggle } from '../../../components/follow-toggle/follow-toggle';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { toViewerDocument } from '../../../lib/search/search-api';
import { DocumentThumbnail } from '../../../lib/thumbnails/document-thumbnail';
import { formatDate } from '../utils/format-date';
import { languageName } from '../../../lib/i18n/language-name';
import { TranslationBehindMarker } from '../../../components/translation-behind/translation-behind-marker';
import { HighlightedSnippet } from './highlighted-snippet';
import classes from './result-card.module.css';

/** Visible results ask for a missing thumbnail before anything queued at the default priority. */
const resultThumbnailPriority = 4;

const followLabels = { follow: 'alerts.follow', following: 'resources.unfollow' };

interface ResultCardProps {
  item: SearchItem;
  typeLabel: string;
  onOpen: (document: ViewerDocument) => void;
}

/** One search result: thumbnail, title, type, language, version, number, date, highlighted snippet and the actions. */
export function ResultCard({ item, typeLabel, onOpen }: ResultCardProps) {
  const { t, i18n } = useTranslation();
  const document = toViewerDocument(item);
  const title = item.title || item.fileName;
  const open = () => onOpen(document);

  return (
    <Card component="article" withBorder radius="md" padding="md" data-testid="result-card" data-document-id={item.id}>
      <div className={classes.body}>
        <DocumentThumbnail
          documentId={item.id}
          fileName={item.fileName}
          initialUrl={item.thumbnailUrl}
          width={88}
          height={118}
          priority={resultThumbnailPriority}
        />
        <div className={classes.details}>
          <Title order={3} fz="md" lh={1.35}>
            <Anchor component="button" type="button" onClick={open} ta="left" fw={600} c="var(--mantine-color-text)" lineClamp={2}>
              {title}
            </Anchor>
          </Title>
          <div className={classes.badges}>
            <Badge variant="light" size="sm" radius="sm">
              {typeLabel}
            </Badge>
            <Badge variant="light" color="gray" size="sm" radius="sm">
              {languageName(item.languageCode, i18n.language)}
            </Badge>
            <Badge variant="outline" color="gray" size="sm" radius="sm">
              {t('resources.version', { version: item.resourceVersion })}
            </Badge>
          </div>
          <TranslationBehindMarker translation={item.translation} />
          <HighlightedSnippet snippet={item.snippet} />
          <div className={classes.footer}>
            <Text fz="xs" c="dimmed">
              <span title={t('viewer.story.number')} data-testid="document-number">
                {item.serviceRef}
              </span>
              {' · '}
              {t('resources.published', { date: formatDate(item.publishedAt, i18n.language) })}
            </Text>
            <div className={classes.actions}>
              <Button variant="light" size="compact-sm" onClick={open} aria-label={t('resources.openDocument', { title })}>
                {t('resources.open')}
              </Button>
              <DownloadDocumentButton document={document} />
              <FavoriteToggle itemKind="document" itemId={item.id} title={title} />
              {/* An icon of fixed size: the user's follows arriving later change its look, never the row. */}
              <FollowToggle kind="document" itemId={item.id} name={title} labels={followLabels} iconOnly />
              <CopyShareLinkButton serviceRef={item.serviceRef} resourceVersion={item.resourceVersion} />
            </div>
          </div>
        </div>
      </div>
    </Card>
  );
}
