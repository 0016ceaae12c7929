import type { PackageFile } from './package-contents.ts';

/* The wording of an offline package's index.html, one table per language (dates: platform/dates.ts). */

export interface PackageWording {
  sections: Readonly<Record<PackageFile['type'], string>>;
  version: string;
  atShipment: string;
  /** `until` is the day, already in the package's language. */
  keptUntil: (until: string) => string;
  /** `wanted`, `shown`: language codes in capitals. */
  otherLanguage: (wanted: string, shown: string) => string;
  /** The line under the heading; `shipped` and `generated` are already in the package's language. */
  about: (parts: { maker: string; shipped: string; version: string; generated: string }) => string;
  online: string;
  footer: string;
}

const en: PackageWording = {
  sections: {
    declaration: 'EU declaration of conformity',
    document: 'Documents',
    'unit-document': 'Documents of this unit',
    'release-notes': 'Software release notes',
  },
  version: 'version',
  atShipment: 'version valid at shipment',
  keptUntil: (until) => `withdrawn — kept for this machine until ${until}`,
  otherLanguage: (wanted, shown) => `not available in ${wanted}: in ${shown}`,
  about: ({ maker, shipped, version, generated }) => `${maker}. Shipped ${shipped}. Package ${version}, generated ${generated}.`,
  online: 'Online:',
  footer: 'manifest.json lists every file with its SHA-256 checksum; README.txt says how to use the package offline.',
};

const de: PackageWording = {
  sections: {
    declaration: 'EU-Konformitätserklärung',
    document: 'Dokumente',
    'unit-document': 'Dokumente dieser Maschine',
    'release-notes': 'Versionshinweise der Software',
  },
  version: 'Version',
  atShipment: 'bei Auslieferung gültige Version',
  keptUntil: (until) => `zurückgezogen — für diese Maschine aufbewahrt bis ${until}`,
  otherLanguage: (wanted, shown) => `nicht auf ${wanted} verfügbar: auf ${shown}`,
  about: ({ maker, shipped, version, generated }) => `${maker}. Ausgeliefert am ${shipped}. Paket ${version}, erstellt am ${generated}.`,
  online: 'Online:',
  footer: 'manifest.json nennt jede Datei mit ihrer SHA-256-Prüfsumme; README.txt erklärt, wie das Paket offline genutzt wird.',
};

const fr: PackageWording = {
  sections: {
    declaration: 'Déclaration UE de conformité',
    document: 'Documents',
    'unit-document': 'Documents de cette machine',
    'release-notes': 'Notes de version des logiciels',
  },
  version: 'version',
  atShipment: 'version en vigueur à la livraison',
  keptUntil: (until) => `retirée — conservée pour cette machine jusqu’au ${until}`,
  otherLanguage: (wanted, shown) => `non disponible en ${wanted} : en ${shown}`,
  about: ({ maker, shipped, version, generated }) => `${maker}. Livrée le ${shipped}. Paquet ${version}, généré le ${generated}.`,
  online: 'En ligne :',
  footer: 'manifest.json liste chaque fichier avec sa somme de contrôle SHA-256 ; README.txt explique comment utiliser le paquet hors ligne.',
};

const byLanguage: Readonly<Record<string, PackageWording>> = { en, de, fr };

/** The English wording (README.txt is in English whatever the package's language). */
export const englishWording = en;

/** The wording for a package language (its primary subtag), English where the portal has none. */
export const packageWording = (language: string): PackageWording => byLanguage[language.toLowerCase().split('-')[0]!] ?? en;
