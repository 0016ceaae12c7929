// The software module's public entry: other modules import software only from here.
export { softwareKind } from './software-kind.ts';
// The writer and the lookup the demo seed fills the catalogue with.
export { insertSoftware } from './software-writer.repository.ts';
export { findItemByEquipmentName } from './software.repository.ts';
