import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import type { AudienceRule } from '../../platform/access/audience.ts';
import { presentFile, totalSize } from '../../platform/delivery/downloadable-file.ts';
import type { SoftwareRows } from '../software/index.ts';

/** Rules in a stable order (kind, then value), as the document API answers them. */
export function presentRules(rules: readonly AudienceRule[]): AdminSoftwareItem['access'] {
  return rules
    .map(({ kind, value, expiresAt }) => ({ kind, value, expiresAt }))
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.value.localeCompare(b.value));
}

/** A JSON list column (product codes). */
export const jsonList = (text: string): string[] => {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

export function presentSoftwareItem({ item, rules, versions }: SoftwareRows): AdminSoftwareItem {
  return {
    id: item.id,
    equipmentName: item.equipmentName,
    name: item.name,
    category: item.category,
    description: item.description,
    compatibleEquipment: jsonList(item.compatibleEquipment),
    audience: item.audience,
    access: presentRules(rules),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    versions: versions.map((version) => {
      const files = version.files.map(presentFile);
      return {
        id: version.id,
        versionNumber: version.versionNumber,
        releaseDate: version.releaseDate,
        status: version.status,
        audience: version.audience,
        access: presentRules(version.rules),
        releaseNotesDocumentId: version.releaseNotesDocumentId,
        files,
        totalSize: totalSize(files),
        createdAt: version.createdAt,
      };
    }),
  };
}
