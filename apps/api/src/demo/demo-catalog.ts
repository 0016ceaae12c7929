import type { AccessRule } from '@portal/contracts/admin-documents';
import { demoModelFile } from './cad-file-generator.ts';
import { generateDemoVideo, generateDrawingSvg, generatePhoto } from './generate-media.ts';
import { generateDocx, generateXlsx } from './generate-office.ts';
import { generatePdf } from './generate-pdf.ts';
import { datasheetContent, demoWords, freeContent, manualContent, productName, productSpecs, type DemoLanguage } from './demo-texts.ts';
import type { DocumentContent } from './document-content.ts';

/* The demo document base: about 60 documents across types, products and languages, made by the project itself. */

export interface DemoVersion {
  resourceVersion: string;
  changeNote: string;
  publishedAt: string;
  fileName: string;
  make: (tools: { ffmpeg: string | null }) => Promise<Uint8Array>;
}

export interface DemoDocument {
  serviceRef: string;
  title: string;
  typeCode: string;
  languageCode: DemoLanguage;
  products: string[];
  variantGroup: string;
  audience: 'everyone' | 'restricted';
  access: AccessRule[];
  downloadable: boolean;
  /** Of a translation: the source document's language and the source revision it follows. */
  source?: { language: DemoLanguage; followsRevision: string };
  versions: DemoVersion[];
}

const releaseDates: Record<string, string> = { A: '2025-03-03T09:00:00.000Z', B: '2025-10-14T09:00:00.000Z', C: '2026-05-19T09:00:00.000Z' };
const changeNotes: Record<string, string> = { A: 'First edition', B: 'Updated maintenance intervals', C: 'New troubleshooting codes and corrected torque values' };

const version = (label: string, fileName: string, make: DemoVersion['make']): DemoVersion => ({
  resourceVersion: label, changeNote: changeNotes[label], publishedAt: releaseDates[label], fileName, make,
});
const pdf = (content: (label: string) => DocumentContent, pages = 1) => (label: string, fileName: string) =>
  version(label, fileName, () => generatePdf(content(label), pages));

/** Builds the catalogue; service references are numbered in this order from D28092504 (stable across runs). */
export function demoCatalog(): DemoDocument[] {
  const documents: Array<Omit<DemoDocument, 'serviceRef' | 'variantGroup'> & { group?: string }> = [];
  const add = (document: Omit<DemoDocument, 'serviceRef' | 'variantGroup' | 'audience' | 'access' | 'downloadable'> & Partial<DemoDocument> & { group?: string }) =>
    documents.push({ audience: 'everyone', access: [], downloadable: true, ...document });

  // Manuals in three languages (language-variant groups), several revisions of the English ones.
  const manualRevisions: Record<string, string[]> = { ARM6: ['A', 'B', 'C'], CTRL7: ['A', 'B', 'C'], ARM12: ['A', 'B'], SCARA4: ['A', 'B'], GRIP20: ['A', 'B'], TC50: ['A'] };
  for (const [code, revisions] of Object.entries(manualRevisions)) {
    const spec = productSpecs[code];
    for (const language of ['en', 'fr', 'de'] as const) {
      const labels = language === 'en' ? revisions : revisions.slice(0, 1);
      const make = pdf((label) => manualContent(spec, language, label, changeNotes[label]), code === 'ARM6' ? 6 : 3);
      add({
        title: `${productName(spec, language)} - ${demoWords[language].manual}`, typeCode: 'manual', languageCode: language, products: [code], group: `manual-${code}`,
        // The German ARM-6 manual was translated from English revision A and has not caught up since.
        ...(code === 'ARM6' && language === 'de' ? { source: { language: 'en' as const, followsRevision: 'A' } } : {}),
        versions: labels.map((label) => make(label, `${code}_manual_${language}_${label}.pdf`)),
      });
    }
  }
  for (const code of ['VAC4', 'TC120', 'CTRL9']) {
    const spec = productSpecs[code];
    add({ title: `${spec.name} - ${demoWords.en.manual}`, typeCode: 'manual', languageCode: 'en', products: [code], versions: [pdf((label) => manualContent(spec, 'en', label), 3)('A', `${code}_manual_en_A.pdf`)] });
  }
  for (const code of ['ARM6', 'ARM12', 'SCARA4']) {
    for (const language of ['en', 'de'] as const) {
      const spec = productSpecs[code];
      const content = (label: string) => ({ ...manualContent(spec, language, label), title: `${productName(spec, language)} - ${demoWords[language].quickStart}` });
      add({ title: content('A').title, typeCode: 'manual', languageCode: language, products: [code, 'CTRL7'], group: `quick-${code}`, versions: [pdf(content, 2)('A', `${code}_quick_start_${language}.pdf`)] });
    }
  }

  // Data sheets: every product in English, some in German too.
  for (const spec of Object.values(productSpecs)) {
    for (const language of spec.code.startsWith('ARM') || spec.code === 'GRIP20' ? (['en', 'de'] as const) : (['en'] as const)) {
      add({
        title: `${productName(spec, language)} - ${demoWords[language].datasheet}`, typeCode: 'datasheet', languageCode: language, products: [spec.code], group: `datasheet-${spec.code}`,
        versions: ['A', 'B'].slice(0, spec.code === 'TC50' ? 2 : 1).map((label) => pdf((l) => datasheetContent(spec, language, l))(label, `${spec.code}_datasheet_${language}_${label}.pdf`)),
      });
    }
  }
  add({
    title: 'Tool changer TC-50 - Torque and air pressure table', typeCode: 'datasheet', languageCode: 'en', products: ['TC50'],
    versions: [version('A', 'TC50_torque_table.xlsx', () => generateXlsx(freeContent('Tool changer TC-50 torque table', 'TC50', [
      { heading: 'Screw torques', paragraphs: ['Tightening torques for the interface plate screws.'], table: { columns: ['Screw', 'Torque (Nm)', 'Thread locker'], rows: [['M5', '6', 'medium'], ['M6', '10', 'medium'], ['M8', '25', 'medium'], ['M10', '49', 'high']] } },
      { heading: 'Locking force', paragraphs: ['Locking force by supply pressure.'], table: { columns: ['Pressure (bar)', 'Force (N)'], rows: [['4', '3000'], ['5', '3750'], ['6', '4500']] } },
    ])))],
  });

  // Certificates.
  for (const code of ['ARM6', 'ARM12', 'GRIP20']) {
    const spec = productSpecs[code];
    add({
      title: `${spec.name} - EU declaration of conformity`, typeCode: 'declarationOfConformity', languageCode: 'en', products: [code],
      versions: [pdf(() => freeContent(`EU declaration of conformity - ${spec.name}`, `${code} - Machinery Regulation (EU) 2023/1230`, [
        { heading: 'Declaration', paragraphs: [`We declare under our sole responsibility that the ${spec.name} complies with the Machinery Regulation (EU) 2023/1230 and the EMC Directive 2014/30/EU.`] },
        { heading: 'Standards applied', paragraphs: ['EN ISO 10218-1:2011, EN ISO 12100:2010, EN 60204-1:2018, EN 61000-6-2:2019.'] },
      ]))('A', `${code}_declaration_of_conformity.pdf`)],
    });
  }
  add({
    title: 'Robot controller C7 - UL certificate', typeCode: 'certificate', languageCode: 'en', products: ['CTRL7'],
    versions: [pdf(() => freeContent('UL certificate of compliance', 'CTRL7 - UL 508A', [{ heading: 'Scope', paragraphs: ['Industrial control panel for robot controllers, file E123456, listed under UL 508A and CSA C22.2 No. 286.'] }]))('A', 'CTRL7_UL_certificate.pdf')],
  });

  // Drawings and product photos (the public identification page shows the photo's thumbnail): SVG, PNG, JPEG, and a STEP model (3D preview).
  add({ title: 'Servo gripper G20 - Flange drawing', typeCode: 'drawing', languageCode: 'en', products: ['GRIP20'], versions: [version('A', 'GRIP20_flange.svg', async () => Buffer.from(generateDrawingSvg('G20 flange ISO 9409', 'GRIP20-100')))] });
  add({ title: 'Tool changer TC-50 - Interface plate drawing', typeCode: 'drawing', languageCode: 'en', products: ['TC50'], versions: ['A', 'B'].map((label) => version(label, `TC50_interface_plate_${label}.svg`, async () => Buffer.from(generateDrawingSvg(`TC-50 interface plate ${label}`, `TC50-200-${label}`)))) });
  add({ title: 'Six-axis robot ARM-6 - Product photo', typeCode: 'productPhoto', languageCode: 'en', products: ['ARM6'], versions: [version('A', 'ARM6_photo.jpg', () => generatePhoto('ARM-6', 'jpeg'))] });
  add({ title: 'SCARA robot S-4 - Product photo', typeCode: 'productPhoto', languageCode: 'en', products: ['SCARA4'], versions: [version('A', 'SCARA4_photo.png', () => generatePhoto('S-4', 'png', 960, 720))] });
  add({
    title: 'Tool changer TC-120 - 3D model (STEP)', typeCode: 'model3d', languageCode: 'en', products: ['TC120'],
    versions: [version('A', 'TC120_model.step', async () => demoModelFile('TC120', 'stp'))],
  });

  // Release notes (Word) and a spare parts list (Excel).
  for (const [code, firmware] of [['CTRL7', ['7.1', '7.2']], ['CTRL9', ['9.0']]] as const) {
    const spec = productSpecs[code];
    add({
      title: `${spec.name} - Firmware release notes`, typeCode: 'releaseNotes', languageCode: 'en', products: [code],
      versions: firmware.map((release, index) => ({
        ...version(['A', 'B'][index], `${code}_release_notes_${release}.docx`, () => generateDocx(freeContent(`${spec.name} firmware ${release}`, `Release notes - ${code}`, [
          { heading: 'New features', paragraphs: [`Firmware ${release} adds collision detection sensitivity levels and a faster boot sequence.`, 'The web interface shows the fieldbus diagnostics.'] },
          { heading: 'Fixed problems', paragraphs: ['Error E214 no longer appears after a warm restart.', 'The teach pendant keeps the language after an update.'], table: { columns: ['Ticket', 'Summary'], rows: [['FW-1021', 'Jog speed limited in T1'], ['FW-1044', 'PROFINET watchdog timeout']] } },
        ]))),
        resourceVersion: release,
      })),
    });
  }
  add({
    title: 'Six-axis robot ARM-6 - Spare parts list', typeCode: 'manual', languageCode: 'en', products: ['ARM6'],
    versions: [version('A', 'ARM6_spare_parts.xlsx', () => generateXlsx(freeContent('ARM-6 spare parts list', 'ARM6', [
      { heading: 'Spare parts', paragraphs: ['Recommended spare parts for two years of operation.'], table: { columns: ['Part number', 'Description', 'Quantity'], rows: [['ARM6-J1-GB', 'Gearbox axis 1', '1'], ['ARM6-CBL-01', 'Motor cable set', '1'], ['ARM6-SEAL-K', 'Seal kit', '2'], ['ARM6-GREASE', 'Gear grease 400 g', '4']] } },
    ])))],
  });

  // Video.
  add({ title: 'Servo gripper G20 - Commissioning video', typeCode: 'video', languageCode: 'en', products: ['GRIP20', 'CTRL7'], versions: [version('A', 'GRIP20_commissioning.mp4', (tools) => generateDemoVideo(tools.ffmpeg))] });

  // Restricted: partners only, one customer account, and one document that may be viewed but not downloaded.
  const partners: AccessRule[] = [{ kind: 'role', value: 'partner' }];
  add({
    title: 'Six-axis robot ARM-6 - Service manual (partners)', typeCode: 'manual', languageCode: 'en', products: ['ARM6'], audience: 'restricted', access: partners,
    versions: [pdf((label) => ({ ...manualContent(productSpecs.ARM6, 'en', label), title: 'ARM-6 service manual - gearbox replacement and calibration' }), 4)('A', 'ARM6_service_manual.pdf')],
  });
  add({
    title: 'Robot controller C9 - Calibration procedure (partners)', typeCode: 'manual', languageCode: 'en', products: ['CTRL9'], audience: 'restricted', access: partners,
    versions: [pdf(() => freeContent('C9 calibration procedure', 'CTRL9 - partners only', [{ heading: 'Zero calibration', paragraphs: ['Move every axis to its mechanical zero mark with the calibration pin, then store the offsets with the service password.'] }]))('A', 'CTRL9_calibration.pdf')],
  });
  add({
    title: 'Partner price list 2026', typeCode: 'datasheet', languageCode: 'en', products: ['ARM6', 'ARM12', 'GRIP20', 'TC50'], audience: 'restricted', access: partners,
    versions: [version('A', 'partner_price_list_2026.xlsx', () => generateXlsx(freeContent('Partner price list 2026', 'Confidential', [
      { heading: 'Prices', paragraphs: ['Net prices for certified partners, valid from January 2026.'], table: { columns: ['Product', 'Price (EUR)'], rows: [['ARM-6', '24 900'], ['ARM-12', '38 500'], ['G20', '2 150'], ['TC-50', '1 480']] } },
    ])))],
  });
  const acme: AccessRule[] = [{ kind: 'account', value: 'ACME-001' }];
  add({
    title: 'ACME welding cell - Layout drawing', typeCode: 'drawing', languageCode: 'en', products: ['ARM12', 'TC120'], audience: 'restricted', access: acme,
    versions: [version('A', 'ACME_cell_layout.svg', async () => Buffer.from(generateDrawingSvg('ACME welding cell', 'ACME-001-L1')))],
  });
  add({
    title: 'ACME welding cell - Integration report', typeCode: 'manual', languageCode: 'en', products: ['ARM12', 'CTRL9'], audience: 'restricted', access: acme,
    versions: [pdf(() => freeContent('ACME welding cell integration report', 'Customer ACME-001', [{ heading: 'Acceptance test', paragraphs: ['The cell reached a cycle time of 42 s with two ARM-12 robots. The safety functions were validated with the customer on site.'] }]), 2)('A', 'ACME_integration_report.pdf')],
  });
  add({
    title: 'Robot controller C7 - Safety assessment (view only)', typeCode: 'certificate', languageCode: 'en', products: ['CTRL7'], downloadable: false,
    versions: [pdf(() => freeContent('C7 safety assessment', 'CTRL7 - view only', [{ heading: 'Safety functions', paragraphs: ['Safe torque off, safe stop 1 and safe limited speed reach PL e according to EN ISO 13849-1.'] }]), 2)('A', 'CTRL7_safety_assessment.pdf')],
  });

  return documents.map(({ group, ...document }, index) => {
    const serviceRef = `D${28092504 + index}`;
    return { ...document, serviceRef, variantGroup: group ?? serviceRef };
  });
}
