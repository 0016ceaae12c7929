import type { DocumentContent } from './document-content.ts';

/* The demo installed base: units of the demo accounts, their own documents, and one safety notice. */

/** CSV as staff would import it (`POST /api/Admin/units/import`). */
export const demoUnitsCsv = [
  'serialNumber,model,options,account,shippedAt,site,partners',
  'ARM6-2025-00017,ARM6,floor|arm-900|flange-iso50,ACME-001,2025-06-02,Lyon plant - line 3,PARTNER-01',
  'ARM6-2025-00042,ARM6,ceiling|arm-1200|flange-iso63,ACME-001,2025-11-20,Lyon plant - line 4,',
  'ARM6-2026-00003,ARM6,wall|arm-900|flange-iso50,ACME-001,2026-06-15,Grenoble lab,PARTNER-01',
  'SCARA4-2025-00108,SCARA4,floor|arm-400|shaft-16,ACME-001,2025-04-10,Lyon plant - packaging,',
  'CTRL7-2025-00310,CTRL7,,ACME-001,2025-06-02,Lyon plant - line 3,PARTNER-01',
  'ARM12-2025-00005,ARM12,floor|arm-1800|flange-iso63,GLOBEX-002,2025-09-01,Globex works,',
].join('\n');

/** Products whose English manuals (and so their language variants) apply to every unit of the product. */
export const manualProducts = ['ARM6', 'SCARA4', 'CTRL7', 'ARM12'] as const;

export interface DemoUnitDocument {
  serviceRef: string;
  serial: string;
  typeCode: 'certificate' | 'drawing';
  title: string;
  publishedAt: string;
  content: DocumentContent;
}

function certificate(serial: string, model: string, date: string): DemoUnitDocument {
  return {
    serviceRef: `TC${serial.replace(/[^A-Za-z0-9]/g, '')}`,
    serial,
    typeCode: 'certificate',
    title: `Test certificate ${serial}`,
    publishedAt: `${date}T08:00:00.000Z`,
    content: {
      title: `Factory test certificate - ${serial}`,
      subtitle: `${model} · serial ${serial} · tested ${date}`,
      sections: [
        { heading: 'Result', paragraphs: [`The unit ${serial} passed the final factory test. Repeatability, brake holding torque and emergency stop times were measured and are within specification.`] },
        {
          heading: 'Measurements',
          paragraphs: ['Values measured at 20 °C ambient temperature.'],
          table: { columns: ['Test', 'Limit', 'Measured'], rows: [['Pose repeatability', '±0.03 mm', '±0.018 mm'], ['Stop time, category 0', 'max. 180 ms', '142 ms'], ['Insulation resistance', 'min. 1 MOhm', '52 MOhm']] },
        },
      ],
    },
  };
}

function asBuiltDrawing(serial: string, model: string, date: string): DemoUnitDocument {
  return {
    serviceRef: `AB${serial.replace(/[^A-Za-z0-9]/g, '')}`,
    serial,
    typeCode: 'drawing',
    title: `As-built wiring diagram ${serial}`,
    publishedAt: `${date}T08:30:00.000Z`,
    content: {
      title: `As-built wiring diagram - ${serial}`,
      subtitle: `${model} · serial ${serial} · as shipped ${date}`,
      sections: [
        { heading: 'Scope', paragraphs: [`Wiring of ${serial} as built, including the customer-specific I/O and the safety circuit.`] },
        { heading: 'Connectors', paragraphs: ['Connector pin-out as wired.'], table: { columns: ['Connector', 'Signal', 'Wire'], rows: [['X1', '24 V supply', '1.5 mm² red'], ['X2', 'Emergency stop, channel A', '0.75 mm² grey'], ['X3', 'Emergency stop, channel B', '0.75 mm² grey']] } },
      ],
    },
  };
}

export const demoUnitDocuments: DemoUnitDocument[] = [
  certificate('ARM6-2025-00017', 'ARM-6', '2025-05-28'),
  asBuiltDrawing('ARM6-2025-00017', 'ARM-6', '2025-05-30'),
  certificate('ARM6-2025-00042', 'ARM-6', '2025-11-14'),
  certificate('CTRL7-2025-00310', 'C7', '2025-05-27'),
];

/** A safety notice on a serial range that covers the first two ARM-6 units, not the 2026 one. */
export const demoNotice = {
  kind: 'safety' as const,
  title: 'Check the axis 2 brake on ARM-6 robots built in 2025',
  body: 'A batch of axis 2 brakes may lose holding torque. Test the brake as described in chapter 7 of the manual before the next production run and contact service if it fails.',
  product: 'ARM6',
  serialFrom: 'ARM6-2025-00001',
  serialTo: 'ARM6-2025-99999',
  options: [],
  language: 'en',
  translations: [
    {
      language: 'de',
      title: 'Achse-2-Bremse an 2025 gebauten ARM-6-Robotern prüfen',
      body: 'Bei einer Charge von Bremsen der Achse 2 kann das Haltemoment nachlassen. Prüfen Sie die Bremse wie in Kapitel 7 des Handbuchs beschrieben vor dem nächsten Produktionslauf und wenden Sie sich an den Service, wenn sie die Prüfung nicht besteht.',
    },
    {
      language: 'fr',
      title: "Contrôler le frein de l'axe 2 des robots ARM-6 construits en 2025",
      body: "Sur un lot de freins de l'axe 2, le couple de maintien peut diminuer. Testez le frein comme décrit au chapitre 7 du manuel avant la prochaine production et contactez le service s'il échoue.",
    },
  ],
};
