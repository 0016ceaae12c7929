/** What a download history entry records: a document, a software file or CAD files. */
export const downloadKinds = ['document', 'software', 'cad'] as const;
export type DownloadKind = (typeof downloadKinds)[number];
