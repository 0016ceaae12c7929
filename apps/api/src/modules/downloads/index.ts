// The downloads module's public entry: what content kinds use to hand out files and record downloads.
export { downloadStoredFile } from './file-download.ts';
export { recordDownload, type DownloadRecorderDeps } from './download-recorder.ts';
// The counts of downloads the statistics compose into their queries.
export { downloadsPerDay, downloadsPerItem, type DownloadCountFilter, type IdQuery } from './download-counts.repository.ts';
// The download history's part of the personal-data export and erasure, and its retention (privacy).
export { deleteDownloadsBefore, downloadPersonalData } from './download-personal-data.repository.ts';
