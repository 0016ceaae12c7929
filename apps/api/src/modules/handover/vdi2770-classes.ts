import type { Vdi2770Class, Vdi2770ClassId } from '@portal/contracts/handover';

/** The classification system's name in the VDI 2770 metadata XML (as the reference validator of the VDI 2770 schema expects it). */
export const vdi2770System = 'VDI2770:2018';

/** The twelve document classes of VDI 2770 Blatt 1:2020 (Table 1) with their ECLASS IRDIs (IDTA 02004). */
export const vdi2770Classes: readonly Vdi2770Class[] = [
  { classId: '01-01', nameEn: 'Identification', nameDe: 'Identifikation', irdi: '0173-1#07-ABU484#003' },
  { classId: '02-01', nameEn: 'Technical specification', nameDe: 'Technische Spezifikation', irdi: '0173-1#07-ABU485#003' },
  { classId: '02-02', nameEn: 'Drawings, plans', nameDe: 'Zeichnungen, Pläne', irdi: '0173-1#07-ABU486#003' },
  { classId: '02-03', nameEn: 'Assemblies', nameDe: 'Bauteile', irdi: '0173-1#07-ABU487#003' },
  { classId: '02-04', nameEn: 'Certificates, declarations', nameDe: 'Zeugnisse, Zertifikate, Bescheinigungen', irdi: '0173-1#07-ABU488#003' },
  { classId: '03-01', nameEn: 'Commissioning, de-commissioning', nameDe: 'Montage, Demontage', irdi: '0173-1#07-ABU489#003' },
  { classId: '03-02', nameEn: 'Operation', nameDe: 'Bedienung', irdi: '0173-1#07-ABU490#003' },
  { classId: '03-03', nameEn: 'General safety', nameDe: 'Allgemeine Sicherheit', irdi: '0173-1#07-ABU491#003' },
  { classId: '03-04', nameEn: 'Inspection, maintenance, testing', nameDe: 'Inspektion, Wartung, Prüfung', irdi: '0173-1#07-ABU492#003' },
  { classId: '03-05', nameEn: 'Repair', nameDe: 'Instandsetzung', irdi: '0173-1#07-ABU493#003' },
  { classId: '03-06', nameEn: 'Spare parts', nameDe: 'Ersatzteile', irdi: '0173-1#07-ABU494#003' },
  { classId: '04-01', nameEn: 'Contract documents', nameDe: 'Vertragsunterlagen', irdi: '0173-1#07-ABU495#003' },
];

/** A class by its id (the contracts' schema admits only these ids). */
export function vdi2770Class(classId: Vdi2770ClassId): Vdi2770Class {
  return vdi2770Classes.find((entry) => entry.classId === classId)!;
}
