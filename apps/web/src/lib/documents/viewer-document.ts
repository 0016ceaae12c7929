/** What the viewer, the share and download actions and the recently-opened list need of a document. */
export interface ViewerDocument {
  id: string;
  title: string;
  fileName: string;
  downloadableDocument: boolean;
  serviceRef: string;
  resourceVersion: string;
  /**
   * The version to show and download; absent means the current one. A document link to an older
   * version (`/DocumentLink/{serviceRef}-{resourceVersion}`) sets it.
   */
  versionId?: string;
}

/** The dialog's title: the document title, or its file name when it has none (spec §2). */
export function viewerTitle(document: Pick<ViewerDocument, 'title' | 'fileName'>): string {
  return document.title.trim() || document.fileName;
}
