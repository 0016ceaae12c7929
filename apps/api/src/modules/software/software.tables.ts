import type { Generated } from 'kysely';
import type { DocumentAudience, StoredFileColumns } from '../../platform/db/schema.ts';

export interface SoftwareItemsTable {
  id: string;
  /** Public name used in page paths (`software/{softwareEquipmentName}`). */
  equipmentName: string;
  name: string;
  category: string;
  description: Generated<string>;
  /** JSON list of equipment names or product codes. */
  compatibleEquipment: Generated<string>;
  audience: Generated<DocumentAudience>;
  createdAt: string;
  updatedAt: string;
}

export type SoftwareStatus = 'current' | 'previous' | 'beta';

export interface SoftwareVersionsTable {
  id: string;
  itemId: string;
  versionNumber: string;
  releaseDate: string;
  status: SoftwareStatus;
  audience: Generated<DocumentAudience>;
  releaseNotesDocumentId: string | null;
  createdAt: string;
}

export interface SoftwareFilesTable extends StoredFileColumns {
  versionId: string;
}

/** The tables software owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface SoftwareTables {
  software_items: SoftwareItemsTable;
  software_versions: SoftwareVersionsTable;
  software_files: SoftwareFilesTable;
}
