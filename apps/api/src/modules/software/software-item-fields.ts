import type { SoftwareItemSummary } from '@portal/contracts/software';
import { jsonList } from './software-release.repository.ts';
import type { SoftwareItemRow } from './software.repository.ts';

/** The fields of a software item that the public list and the console present alike. */
export function softwareItemFields(item: SoftwareItemRow): Omit<SoftwareItemSummary, 'latestVersion'> {
  return {
    id: item.id,
    equipmentName: item.equipmentName,
    name: item.name,
    category: item.category,
    description: item.description,
    compatibleEquipment: jsonList(item.compatibleEquipment),
  };
}
