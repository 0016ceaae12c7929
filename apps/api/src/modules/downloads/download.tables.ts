import type { DownloadItemKind } from '../../platform/db/schema.ts';

export interface DownloadRecordsTable {
  id: string;
  userSub: string;
  itemKind: DownloadItemKind;
  itemId: string;
  versionId: string | null;
  versionLabel: string;
  fileName: string;
  /** The file of a software version, CAD set or library; null for a whole version or set as a zip. */
  fileId: string | null;
  createdAt: string;
}

/** The tables downloads owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface DownloadTables {
  download_records: DownloadRecordsTable;
}
