export interface DocumentLinkRef {
  serviceRef: string;
  /** Absent: the newest published version. */
  resourceVersion: string | undefined;
}

const serviceRefPattern = /^[A-Za-z0-9]+$/;

/**
 * Reads the `documentData` of `/DocumentLink/{documentData}` (spec §2): `{serviceRef}` or
 * `{serviceRef}-{resourceVersion}`. A serviceRef holds only letters and digits, so the version is
 * everything after the first `-` (it may hold `-` itself). Null when there is no valid serviceRef.
 */
export function parseDocumentLink(documentData: string): DocumentLinkRef | null {
  const dash = documentData.indexOf('-');
  const serviceRef = dash < 0 ? documentData : documentData.slice(0, dash);
  const resourceVersion = dash < 0 ? undefined : documentData.slice(dash + 1);
  if (!serviceRefPattern.test(serviceRef)) return null;
  return { serviceRef, resourceVersion: resourceVersion || undefined };
}
