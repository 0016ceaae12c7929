import { Center, Image } from '@mantine/core';
import { IconFile, IconFileTypePdf, IconMovie, IconPhoto, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { previewKindOf, type PreviewKind } from '@portal/contracts/previews';
import { useThumbnail, type UseThumbnailOptions } from './use-thumbnail';

const kindIcons: Record<PreviewKind, typeof IconFile> = {
  pdf: IconFileTypePdf,
  docs: IconFileText,
  video: IconMovie,
  image: IconPhoto,
  other: IconFile,
};

export interface DocumentThumbnailProps extends UseThumbnailOptions {
  documentId: string;
  fileName: string;
  /** A URL the caller already has (search results carry one): no thumbnail call then. */
  initialUrl?: string | null;
  width: number;
  height: number;
}

/** The document's first-page picture, or an icon of its kind while there is none. Decorative: the title says what it is. */
export function DocumentThumbnail({ documentId, fileName, initialUrl, width, height, priority }: DocumentThumbnailProps) {
  const url = useThumbnail(documentId, initialUrl, { priority });
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const Icon = kindIcons[previewKindOf(fileName)];
  const frame = { w: width, h: height, bg: 'var(--mantine-color-default-hover)', style: { borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 } } as const;

  if (!url || failedUrl === url) {
    return (
      <Center {...frame} data-testid="thumbnail-placeholder">
        <Icon size={Math.round(width / 2.5)} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={url}
      alt=""
      width={width}
      height={height}
      fit="contain"
      decoding="async"
      onError={() => setFailedUrl(url)}
      {...frame}
      data-testid="document-thumbnail"
    />
  );
}
