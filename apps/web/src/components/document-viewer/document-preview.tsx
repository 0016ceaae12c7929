import { Box, Loader } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchModelPreview, fetchPdfPreviewUrl } from './preview-api';
import { useModelVersions } from './model-versions';
import { viewerTitle, type ViewerDocument } from '../../lib/documents/viewer-document';
import { viewerTypeOf } from './viewer-type';
import { LazyPdfViewer, loadPdfViewer } from './lazy-pdf-viewer';
import { LazyModelViewer, loadModelViewer } from '../model-viewer/lazy-model-viewer';
import { ImagePreview, VideoPreview } from './media-previews';
import { NoPreviewBanner } from './no-preview-banner';
import { PreviewFailedPanel } from './preview-failed-panel';
import { printPdf } from './pdf/print-pdf';
import { usePreviewSource, type PreviewSource } from './preview-source';

function print(document: ViewerDocument): void {
  // A fresh signed URL: the one the viewer loaded may have expired.
  fetchPdfPreviewUrl(document).then(printPdf, () => undefined);
}

/**
 * The viewer body (spec §2, §4): chosen by file type; a spinner until the content is shown. A
 * preview that could not be made says why and offers the download (issue 32) rather than leaving
 * the body empty; a CAD model without its 3D rendition yet keeps the no-preview banner.
 */
export function DocumentPreview({ document }: { document: ViewerDocument }) {
  const { t } = useTranslation();
  const type = viewerTypeOf(document.fileName);
  // Fetch pdf.js while the preview URL is asked for, not after.
  if (type === 'pdf' || type === 'docs') loadPdfViewer().catch(() => undefined);
  if (type === 'model') loadModelViewer().catch(() => undefined);
  const source = usePreviewSource(document);
  const modelVersions = useModelVersions(document, type === 'model');
  const [contentSettled, setContentSettled] = useState(false);
  const settle = () => setContentSettled(true);
  const data: PreviewSource | undefined = source.data;
  const other = type === 'other';
  const loading = !other && !source.isError && !contentSettled;
  const title = viewerTitle(document);
  const pdf = data?.type === 'pdf' ? data.url : data?.type === 'docs' ? data.blob : null;

  return (
    <Box pos="relative" h="100%" data-testid="document-preview" data-loading={loading || undefined} aria-busy={loading}>
      {(other || (type === 'model' && source.isError)) && (
        <Box p="md">
          <NoPreviewBanner />
        </Box>
      )}
      {source.isError && type !== 'model' && <PreviewFailedPanel document={document} error={source.error} />}
      {pdf && (
        <Suspense fallback={null}>
          <LazyPdfViewer source={pdf} printable={document.downloadableDocument} onPrint={() => print(document)} onSettled={settle} />
        </Suspense>
      )}
      {data?.type === 'video' && <VideoPreview url={data.url} title={title} onSettled={settle} />}
      {data?.type === 'image' && <ImagePreview url={data.url} title={title} onSettled={settle} />}
      {data?.type === 'model' && (
        <Suspense fallback={null}>
          <LazyModelViewer
            url={data.url}
            freshUrl={() => fetchModelPreview(document).then((preview) => preview.data)}
            versions={modelVersions}
            title={title}
            onSettled={settle}
          />
        </Suspense>
      )}
      {loading && (
        <Box pos="absolute" inset={0} display="flex" style={{ alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
          <Loader size="lg" role="status" data-testid="viewer-loader" aria-label={t('app.loading')} />
        </Box>
      )}
    </Box>
  );
}
