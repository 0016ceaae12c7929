import type { AccessRule } from '@portal/contracts/admin-documents';
import type { StoredFileColumns } from '../../platform/db/schema.ts';
import type { StoredUpload } from '../../platform/uploads/index.ts';

/* What the console hands the owners' writers: stored file columns and audience rules from a request. */

/** The columns of a stored file row, from an upload. */
export function fileColumns(id: string, upload: StoredUpload, createdAt: string): StoredFileColumns {
  return { id, fileName: upload.fileName, size: upload.size, mediaType: upload.mediaType, sha256: upload.sha256, storageKey: upload.key, createdAt };
}

/** A request's audience rules as stored: only a named user's grant expires. */
export function storedRules(rules: readonly AccessRule[]) {
  return rules.map((rule) => ({ kind: rule.kind, value: rule.value, expiresAt: rule.kind === 'user' ? (rule.expiresAt ?? null) : null }));
}
