// The downloads module's public entry: what content kinds use to hand out files and record downloads.
export { downloadStoredFile } from './file-download.ts';
export { recordDownload, type DownloadRecorderDeps } from './download-recorder.ts';
