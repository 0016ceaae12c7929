import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { DocumentThumbnail } from '../../../lib/thumbnails/document-thumbnail';

interface DocumentRowProps {
  document: ViewerDocument;
  thumbnailUrl?: string | null;
  meta: ReactNode;
  onOpen: (document: ViewerDocument) => void;
}

/** A compact document line of the home page lists: small picture, title that opens the viewer, one meta line. */
export function DocumentRow({ document, thumbnailUrl, meta, onOpen }: DocumentRowProps) {
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid="home-document" data-document-id={document.id}>
      <DocumentThumbnail documentId={document.id} fileName={document.fileName} initialUrl={thumbnailUrl} width={40} height={54} />
      <Stack gap={2} miw={0}>
        <Anchor component="button" type="button" ta="left" fw={600} fz="sm" lineClamp={2} onClick={() => onOpen(document)}>
          {document.title || document.fileName}
        </Anchor>
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {meta}
        </Text>
      </Stack>
    </Group>
  );
}
