import type { DocumentData, DocumentRevision } from '@portal/contracts/documents';
import type { ViewerDocument } from '../../lib/documents/viewer-document';

/** The revision the viewer shows, among the published ones (none for a draft only staff see). */
export function shownRevision(data: Pick<DocumentData, 'revisions'>, shown: Pick<ViewerDocument, 'resourceVersion'>): DocumentRevision | undefined {
  return data.revisions.find((revision) => revision.resourceVersion === shown.resourceVersion);
}

/** The newest published revision when the one shown is an older one, else null. */
export function newerRevision(data: Pick<DocumentData, 'revisions'>, shown: Pick<ViewerDocument, 'resourceVersion'>): DocumentRevision | null {
  const newest = data.revisions[0];
  const index = data.revisions.findIndex((revision) => revision.resourceVersion === shown.resourceVersion);
  return newest && index > 0 ? newest : null;
}

/** The same document at another revision; the current one is asked for without a version id, as lists do. */
export function atRevision(document: ViewerDocument, revision: DocumentRevision): ViewerDocument {
  return {
    ...document,
    fileName: revision.fileName,
    resourceVersion: revision.resourceVersion,
    versionId: revision.isCurrent ? undefined : revision.id,
  };
}
