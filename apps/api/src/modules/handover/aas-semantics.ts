/*
 * The semantic ids of the two submodels the AASX export fills, as their templates give them:
 * IDTA 02004-2-0 Handover Documentation (ECLASS IRDIs of the template's concept descriptions) and
 * IDTA 02006-2-0 Digital Nameplate for industrial equipment.
 */

export const handoverSemantics = {
  submodel: '0173-1#01-AHF578#003',
  documents: '0173-1#02-ABI500#003',
  document: '0173-1#02-ABI500#003/0173-1#01-AHF579#003',
  documentIds: '0173-1#02-ABI501#003',
  documentId: '0173-1#02-ABI501#003/0173-1#01-AHF580#003',
  documentDomainId: '0173-1#02-ABH994#003',
  documentIdentifier: '0173-1#02-AAO099#004',
  documentIsPrimary: '0173-1#02-ABH995#003',
  documentClassifications: '0173-1#02-ABI502#003',
  documentClassification: '0173-1#02-ABI502#003/0173-1#01-AHF581#003',
  classId: '0173-1#02-ABH996#003',
  className: '0173-1#02-ABJ219#002',
  classificationSystem: '0173-1#02-ABH997#003',
  documentVersions: '0173-1#02-ABI503#003',
  documentVersion: '0173-1#02-ABI503#003/0173-1#01-AHF582#003',
  language: '0173-1#02-AAN468#008',
  version: '0173-1#02-AAP003#005',
  title: '0173-1#02-ABG940#003',
  description: '0173-1#02-AAN466#004',
  keyWords: '0173-1#02-ABH999#003',
  statusSetDate: '0173-1#02-ABI000#003',
  statusValue: '0173-1#02-ABI001#003',
  organizationShortName: '0173-1#02-ABI002#003',
  organizationOfficialName: '0173-1#02-ABI004#003',
  digitalFile: '0173-1#02-ABK126#002',
  previewFile: '0173-1#02-ABK127#002',
} as const;

export const nameplateSemantics = {
  submodel: 'https://admin-shell.io/zvei/nameplate/2/0/Nameplate',
  manufacturerName: '0173-1#02-AAO677#002',
  manufacturerProductDesignation: '0173-1#02-AAW338#001',
  serialNumber: '0173-1#02-AAM556#002',
  yearOfConstruction: '0173-1#02-AAP906#001',
} as const;

/** The classification system the Handover Documentation 2.0 names for the VDI 2770 classes. */
export const vdi2770ClassificationSystem = 'VDI2770:2020';
