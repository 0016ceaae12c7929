import { IconFile, IconFileText, IconFileTypePdf, IconMovie, IconPhoto } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { previewKindOf, type PreviewKind } from '@portal/contracts/preview-kinds';
import { thumbnailCache } from './thumbnail-cache';
import { useThumbnail, type UseThumbnailOptions } from './use-thumbnail';

const kindIcons: Record<PreviewKind, typeof IconFile> = {
  pdf: IconFileTypePdf,
  docs: IconFileText,
  video: IconMovie,
  image: IconPhoto,
  // The server renders a model's thumbnail from its 3D preview; this is only the fallback.
  model: IconFile,
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

interface PictureProps {
  url: string | null;
  fileName: string;
  width: number;
  height: number;
}

// Plain elements: a result page draws 24 of these at once.
function Picture({ url, fileName, width, height }: PictureProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const frame: CSSProperties = {
    width, height, flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-default-hover)',
  };
  if (!url || failedUrl === url) {
    const Icon = kindIcons[previewKindOf(fileName)];
    return (
      <div style={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="thumbnail-placeholder">
        <Icon size={Math.round(width / 2.5)} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={width}
      height={height}
      decoding="async"
      style={{ ...frame, objectFit: 'contain' }}
      onError={() => setFailedUrl(url)}
      data-testid="document-thumbnail"
    />
  );
}

function FetchedPicture({ documentId, priority, ...picture }: Omit<DocumentThumbnailProps, 'initialUrl'>) {
  const url = useThumbnail(documentId, null, { priority });
  return <Picture url={url} {...picture} />;
}

/**
 * The document's first-page picture, or an icon of its kind while there is none. Decorative: the
 * title says what it is. Only a document without a known URL asks the (throttled) thumbnail call.
 */
export function DocumentThumbnail({ initialUrl, ...props }: DocumentThumbnailProps) {
  const known = thumbnailCache.get(props.documentId) ?? initialUrl;
  const { documentId: _documentId, priority: _priority, ...picture } = props;
  return known ? <Picture url={known} {...picture} /> : <FetchedPicture {...props} />;
}
