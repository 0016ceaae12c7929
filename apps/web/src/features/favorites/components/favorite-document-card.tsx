import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Favorite } from '@portal/contracts/favorites';
import { CopyShareLinkButton } from '../../../components/document-actions/copy-share-link-button';
import { DownloadDocumentButton } from '../../../components/document-actions/download-document-button';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { DocumentThumbnail } from '../../../lib/thumbnails/document-thumbnail';
import { RemoveFavoriteButton } from './remove-favorite-button';

type DocumentFavorite = Extract<Favorite, { itemKind: 'document' }>;

interface FavoriteDocumentCardProps {
  favorite: DocumentFavorite;
  addedOn: string;
  onOpen: (document: ViewerDocument) => void;
}

export function FavoriteDocumentCard({ favorite, addedOn, onOpen }: FavoriteDocumentCardProps) {
  const { t } = useTranslation();
  const { document } = favorite;
  const title = favorite.title || document.fileName;
  const open = () => onOpen(document);

  return (
    <Card component="article" withBorder radius="md" padding="md" data-testid="favorite-item" data-item-id={favorite.itemId}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <DocumentThumbnail documentId={document.id} fileName={document.fileName} initialUrl={document.thumbnailUrl} width={64} height={86} />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Title order={3} fz="md" lh={1.35}>
            <Anchor component="button" type="button" onClick={open} ta="left" fw={600} c="var(--mantine-color-text)" lineClamp={2}>
              {title}
            </Anchor>
          </Title>
          <Group gap={6}>
            <Badge variant="light" color="gray" size="sm" radius="sm">
              {document.languageCode.toUpperCase()}
            </Badge>
            <Badge variant="outline" color="gray" size="sm" radius="sm">
              {document.resourceVersion}
            </Badge>
            <Text fz="xs" c="dimmed">
              {t('favorites.added', { date: addedOn })}
            </Text>
          </Group>
          <Group gap={4} wrap="wrap">
            <Button variant="light" size="compact-sm" onClick={open} aria-label={t('favorites.openItem', { title })}>
              {t('favorites.open')}
            </Button>
            <DownloadDocumentButton document={document} />
            <CopyShareLinkButton serviceRef={document.serviceRef} resourceVersion={document.resourceVersion} />
            <RemoveFavoriteButton favorite={favorite} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
