/** What a download history entry records: a document, a software file, CAD files or a unit's offline package. */
export const downloadKinds = ['document', 'software', 'cad', 'unit'] as const;
export type DownloadKind = (typeof downloadKinds)[number];
