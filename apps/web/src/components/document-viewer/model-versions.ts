import { useQuery } from '@tanstack/react-query';
import type { DocumentData } from '@portal/contracts/documents';
import type { ViewerDocument } from '../../lib/documents/viewer-document';
import type { CompareVersion } from '../model-viewer/use-version-compare';
import { documentDataQueryOptions } from './document-story-api';
import { fetchModelPreview } from './preview-api';
import { viewerTypeOf } from './viewer-type';

/**
 * The versions older than the shown one (`versions` is newest first) whose file is a CAD model too:
 * what "Compare with version …" offers.
 */
export function earlierModelVersions(data: Pick<DocumentData, 'versions' | 'currentVersionId'>, shownVersionId: string | undefined): DocumentData['versions'] {
  const shown = shownVersionId ?? data.currentVersionId;
  const index = data.versions.findIndex((version) => version.id === shown);
  if (index < 0) return [];
  return data.versions.slice(index + 1).filter((version) => viewerTypeOf(version.fileName) === 'model');
}

/** The earlier versions of a model document the viewer can compare with (from documentData, which the dialog reads too). */
export function useModelVersions(document: ViewerDocument, enabled: boolean): CompareVersion[] {
  const { data } = useQuery({ ...documentDataQueryOptions(document.id), enabled });
  if (!data) return [];
  return earlierModelVersions(data, document.versionId).map((version) => ({
    id: version.id,
    label: version.resourceVersion,
    url: (signal: AbortSignal) => fetchModelPreview(document, signal, version.id).then((preview) => preview.data),
  }));
}
