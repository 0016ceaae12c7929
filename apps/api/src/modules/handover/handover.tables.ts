/** The VDI 2770 class each document type is handed over under (set by staff; one row per mapped type). */
export interface HandoverClassesTable {
  typeCode: string;
  classId: string;
  updatedAt: string;
}

export interface HandoverTables {
  handover_classes: HandoverClassesTable;
}
