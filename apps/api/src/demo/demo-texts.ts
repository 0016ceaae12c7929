import type { ContentSection, DocumentContent } from './document-content.ts';

/* Technical text of the demo documents, in English, French and German, built from product data. */

export type DemoLanguage = 'en' | 'fr' | 'de';

export interface ProductSpec {
  code: string;
  name: string;
  /** The name in French and German (as the web's locales name the product). */
  names: Record<Exclude<DemoLanguage, 'en'>, string>;
  /** Rows of the specification table: label and value. */
  specs: Array<[string, string]>;
  /** A sentence on what it does, in English. */
  purpose: string;
}

export const productSpecs: Record<string, ProductSpec> = {
  ARM6: {
    code: 'ARM6', name: 'Six-axis robot ARM-6', names: { fr: 'Robot six axes ARM-6', de: 'Sechsachsroboter ARM-6' }, purpose: 'handles parts up to 6 kg in machine tending, assembly and packaging cells',
    specs: [['Payload', '6 kg'], ['Reach', '900 mm'], ['Repeatability', '±0.02 mm'], ['Axes', '6'], ['Weight', '52 kg'], ['Protection', 'IP67']],
  },
  ARM12: {
    code: 'ARM12', name: 'Six-axis robot ARM-12', names: { fr: 'Robot six axes ARM-12', de: 'Sechsachsroboter ARM-12' }, purpose: 'handles parts up to 12 kg in welding, palletising and machine tending',
    specs: [['Payload', '12 kg'], ['Reach', '1450 mm'], ['Repeatability', '±0.04 mm'], ['Axes', '6'], ['Weight', '145 kg'], ['Protection', 'IP65']],
  },
  SCARA4: {
    code: 'SCARA4', name: 'SCARA robot S-4', names: { fr: 'Robot SCARA S-4', de: 'SCARA-Roboter S-4' }, purpose: 'performs fast pick-and-place and small-part assembly',
    specs: [['Payload', '4 kg'], ['Reach', '550 mm'], ['Repeatability', '±0.01 mm'], ['Cycle time', '0.38 s'], ['Axes', '4'], ['Protection', 'IP54']],
  },
  CTRL7: {
    code: 'CTRL7', name: 'Robot controller C7', names: { fr: 'Contrôleur de robot C7', de: 'Robotersteuerung C7' }, purpose: 'drives up to eight axes with integrated safety functions and fieldbus interfaces',
    specs: [['Supply voltage', '200-240 V AC'], ['Axes', 'up to 8'], ['Fieldbus', 'PROFINET, EtherNet/IP, EtherCAT'], ['Safety', 'PL e, Cat. 4'], ['Weight', '18 kg']],
  },
  CTRL9: {
    code: 'CTRL9', name: 'Robot controller C9', names: { fr: 'Contrôleur de robot C9', de: 'Robotersteuerung C9' }, purpose: 'coordinates up to sixteen axes and two robots in one cell',
    specs: [['Supply voltage', '380-480 V AC'], ['Axes', 'up to 16'], ['Fieldbus', 'PROFINET, EtherCAT, OPC UA'], ['Safety', 'PL e, Cat. 4'], ['Weight', '32 kg']],
  },
  GRIP20: {
    code: 'GRIP20', name: 'Servo gripper G20', names: { fr: 'Préhenseur servo G20', de: 'Servogreifer G20' }, purpose: 'grips parts with a programmable force and stroke',
    specs: [['Gripping force', '40-140 N'], ['Stroke per jaw', '20 mm'], ['Closing time', '0.12 s'], ['Supply', '24 V DC'], ['Weight', '0.9 kg']],
  },
  VAC4: {
    code: 'VAC4', name: 'Vacuum gripper V4', names: { fr: 'Préhenseur à vide V4', de: 'Vakuumgreifer V4' }, purpose: 'handles boxes, panels and film with four suction zones',
    specs: [['Suction zones', '4'], ['Vacuum', 'up to -0.85 bar'], ['Air consumption', '110 l/min'], ['Weight', '1.6 kg']],
  },
  TC50: {
    code: 'TC50', name: 'Tool changer TC-50', names: { fr: 'Changeur d’outils TC-50', de: 'Werkzeugwechsler TC-50' }, purpose: 'changes end effectors automatically with a pneumatic locking piston',
    specs: [['Payload', '50 kg'], ['Locking force', '4500 N at 6 bar'], ['Repeatability', '±0.015 mm'], ['Air ports', '8'], ['Weight', '1.1 kg']],
  },
  TC120: {
    code: 'TC120', name: 'Tool changer TC-120', names: { fr: 'Changeur d’outils TC-120', de: 'Werkzeugwechsler TC-120' }, purpose: 'changes heavy tools for welding and palletising robots',
    specs: [['Payload', '120 kg'], ['Locking force', '11000 N at 6 bar'], ['Repeatability', '±0.02 mm'], ['Air ports', '12'], ['Weight', '3.4 kg']],
  },
};

const words = {
  en: {
    manual: 'Installation and operating manual', quickStart: 'Quick start guide', datasheet: 'Data sheet', safety: 'Safety',
    description: 'Description', specifications: 'Technical specifications', installation: 'Installation', maintenance: 'Maintenance',
    troubleshooting: 'Troubleshooting', value: 'Value', characteristic: 'Characteristic', revision: 'Revision',
    safetyText: [
      'Read this manual completely before installing the product. Only trained personnel may install, commission and service it.',
      'Disconnect the power supply and release the compressed air before any work on the equipment. Secure the emergency stop circuit and check it before the first start.',
      'Wear safety glasses and gloves. Keep the working area of the robot free of people while the cell is in automatic mode.',
    ],
    installationText: [
      'Mount the product on a flat, rigid surface with the screws and dowel pins listed in the specification. Tighten the M8 screws to 25 Nm in a crosswise pattern.',
      'Route the cables without tension and respect the minimum bending radius of 60 mm. Connect the protective earth before any other connection.',
    ],
    maintenanceText: [
      'Check the cables, seals and screws every 2000 operating hours. Replace the lubrication of the gearboxes every 20000 hours or every four years.',
      'Clean the product with a dry cloth. Do not use compressed air to clean bearings or seals.',
    ],
    troubleshootingText: ['Error E101: the emergency stop circuit is open. Close the circuit and acknowledge the error on the teach pendant.', 'Error E214: overtemperature of an axis motor. Reduce the speed override and check the ambient temperature.'],
    intro: (spec: ProductSpec) => `The ${spec.name} ${spec.purpose}. This document describes its installation, operation and maintenance.`,
  },
  fr: {
    manual: "Manuel d'installation et d'utilisation", quickStart: 'Guide de démarrage rapide', datasheet: 'Fiche technique', safety: 'Consignes de sécurité',
    description: 'Description', specifications: 'Caractéristiques techniques', installation: 'Installation', maintenance: 'Maintenance',
    troubleshooting: 'Dépannage', value: 'Valeur', characteristic: 'Caractéristique', revision: 'Révision',
    safetyText: [
      "Lisez entièrement ce manuel avant d'installer le produit. Seul un personnel formé peut l'installer, le mettre en service et l'entretenir.",
      "Coupez l'alimentation électrique et l'air comprimé avant toute intervention. Vérifiez le circuit d'arrêt d'urgence avant la première mise en marche.",
    ],
    installationText: [
      'Fixez le produit sur une surface plane et rigide. Serrez les vis M8 à 25 Nm en croix.',
      'Posez les câbles sans tension et respectez le rayon de courbure minimal de 60 mm. Raccordez la terre de protection en premier.',
    ],
    maintenanceText: ['Contrôlez les câbles, les joints et les vis toutes les 2000 heures de fonctionnement. Remplacez la lubrification des réducteurs toutes les 20000 heures.'],
    troubleshootingText: ["Erreur E101 : le circuit d'arrêt d'urgence est ouvert. Fermez le circuit et acquittez l'erreur sur le boîtier de commande."],
    intro: (spec: ProductSpec) => `Ce document décrit l'installation, l'utilisation et la maintenance du produit ${spec.names.fr}.`,
  },
  de: {
    manual: 'Montage- und Betriebsanleitung', quickStart: 'Kurzanleitung', datasheet: 'Datenblatt', safety: 'Sicherheitshinweise',
    description: 'Beschreibung', specifications: 'Technische Daten', installation: 'Montage', maintenance: 'Wartung',
    troubleshooting: 'Störungsbehebung', value: 'Wert', characteristic: 'Merkmal', revision: 'Revision',
    safetyText: [
      'Lesen Sie diese Anleitung vollständig, bevor Sie das Produkt montieren. Nur geschultes Personal darf es montieren, in Betrieb nehmen und warten.',
      'Schalten Sie vor allen Arbeiten die Stromversorgung ab und entlüften Sie die Druckluft. Prüfen Sie den Not-Halt-Kreis vor dem ersten Start.',
    ],
    installationText: [
      'Montieren Sie das Produkt auf einer ebenen, steifen Fläche. Ziehen Sie die M8-Schrauben über Kreuz mit 25 Nm an.',
      'Verlegen Sie die Kabel zugfrei und halten Sie den minimalen Biegeradius von 60 mm ein. Schließen Sie zuerst den Schutzleiter an.',
    ],
    maintenanceText: ['Prüfen Sie Kabel, Dichtungen und Schrauben alle 2000 Betriebsstunden. Erneuern Sie die Schmierung der Getriebe alle 20000 Stunden.'],
    troubleshootingText: ['Fehler E101: Der Not-Halt-Kreis ist offen. Schließen Sie den Kreis und quittieren Sie den Fehler am Handbediengerät.'],
    intro: (spec: ProductSpec) => `Dieses Dokument beschreibt Montage, Betrieb und Wartung des Produkts ${spec.names.de}. Beachten Sie die Sicherheitshinweise.`,
  },
} as const;

export const demoWords = words;

/** A product's name in a demo language. */
export function productName(spec: ProductSpec, language: DemoLanguage): string {
  return language === 'en' ? spec.name : spec.names[language];
}

/** The specification labels and value words in French and German. */
const specWords: Record<Exclude<DemoLanguage, 'en'>, { labels: Record<string, string>; upTo: string; at: string }> = {
  fr: {
    labels: {
      Payload: 'Charge utile', Reach: 'Portée', Repeatability: 'Répétabilité', Axes: 'Axes', Weight: 'Poids', Protection: 'Indice de protection',
      'Cycle time': 'Temps de cycle', 'Supply voltage': "Tension d'alimentation", Fieldbus: 'Bus de terrain', Safety: 'Sécurité',
      'Gripping force': 'Force de préhension', 'Stroke per jaw': 'Course par mors', 'Closing time': 'Temps de fermeture', Supply: 'Alimentation',
      'Suction zones': "Zones d'aspiration", Vacuum: 'Vide', 'Air consumption': "Consommation d'air", 'Locking force': 'Force de verrouillage', 'Air ports': "Passages d'air",
    },
    upTo: "jusqu'à", at: 'à',
  },
  de: {
    labels: {
      Payload: 'Traglast', Reach: 'Reichweite', Repeatability: 'Wiederholgenauigkeit', Axes: 'Achsen', Weight: 'Gewicht', Protection: 'Schutzart',
      'Cycle time': 'Zykluszeit', 'Supply voltage': 'Versorgungsspannung', Fieldbus: 'Feldbus', Safety: 'Sicherheit',
      'Gripping force': 'Greifkraft', 'Stroke per jaw': 'Hub pro Backe', 'Closing time': 'Schließzeit', Supply: 'Versorgung',
      'Suction zones': 'Saugzonen', Vacuum: 'Vakuum', 'Air consumption': 'Luftverbrauch', 'Locking force': 'Verriegelungskraft', 'Air ports': 'Luftdurchführungen',
    },
    upTo: 'bis', at: 'bei',
  },
};

function specTable(spec: ProductSpec, language: DemoLanguage): ContentSection['table'] {
  const columns = [words[language].characteristic, words[language].value];
  if (language === 'en') return { columns, rows: spec.specs };
  const { labels, upTo, at } = specWords[language];
  const value = (text: string) => text.replace(/^up to /, `${upTo} `).replace(/ at /, ` ${at} `);
  return { columns, rows: spec.specs.map(([label, text]) => [labels[label] ?? label, value(text)]) };
}

/** A manual: safety, description with the specification table, installation, maintenance, troubleshooting. */
export function manualContent(spec: ProductSpec, language: DemoLanguage, revision: string, note = ''): DocumentContent {
  const w = words[language];
  return {
    title: `${productName(spec, language)} - ${w.manual}`,
    subtitle: `${spec.code} - ${w.revision} ${revision}${note ? ` - ${note}` : ''}`,
    sections: [
      { heading: w.safety, paragraphs: [...w.safetyText] },
      { heading: w.description, paragraphs: [w.intro(spec)], table: specTable(spec, language) },
      { heading: w.installation, paragraphs: [...w.installationText] },
      { heading: w.maintenance, paragraphs: [...w.maintenanceText] },
      { heading: w.troubleshooting, paragraphs: [...w.troubleshootingText] },
    ],
  };
}

/** A data sheet: one page of specifications. */
export function datasheetContent(spec: ProductSpec, language: DemoLanguage, revision: string): DocumentContent {
  const w = words[language];
  return {
    title: `${productName(spec, language)} - ${w.datasheet}`,
    subtitle: `${spec.code} - ${w.revision} ${revision}`,
    sections: [{ heading: w.specifications, paragraphs: [w.intro(spec)], table: specTable(spec, language) }],
  };
}

/** A document of free sections in English (certificates, release notes, partner documents). */
export function freeContent(title: string, subtitle: string, sections: ContentSection[]): DocumentContent {
  return { title, subtitle, sections };
}
