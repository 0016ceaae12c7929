import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import type { AudienceRule } from '../../platform/access/audience.ts';
import { presentFileList } from '../../platform/delivery/downloadable-file.ts';
import { softwareItemFields, type SoftwareRows } from '../software/index.ts';

/** Rules in a stable order (kind, then value), as the document API answers them. */
export function presentRules(rules: readonly AudienceRule[]): AdminSoftwareItem['access'] {
  return rules
    .map(({ kind, value, expiresAt }) => ({ kind, value, expiresAt }))
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.value.localeCompare(b.value));
}

export function presentSoftwareItem({ item, rules, versions }: SoftwareRows): AdminSoftwareItem {
  return {
    ...softwareItemFields(item),
    audience: item.audience,
    access: presentRules(rules),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    versions: versions.map((version) => ({
      id: version.id,
      versionNumber: version.versionNumber,
      releaseDate: version.releaseDate,
      status: version.status,
      audience: version.audience,
      access: presentRules(version.rules),
      releaseNotesDocumentId: version.releaseNotesDocumentId,
      ...presentFileList(version.files),
      createdAt: version.createdAt,
    })),
  };
}
