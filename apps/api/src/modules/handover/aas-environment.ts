import type * as aas from '@aas-core-works/aas-core3.0-typescript/types';
import { aasTypes } from './aas-core.ts';
import { collection, file, list, multiLanguage, property, semantic, submodelReference } from './aas-elements.ts';
import { handoverSemantics as hd, nameplateSemantics as np, vdi2770ClassificationSystem } from './aas-semantics.ts';
import { vdi2770Class } from './vdi2770-classes.ts';
import type { HandoverMaker, MetadataFacts } from './vdi2770-xml.ts';

/*
 * The Asset Administration Shell of a unit (AAS metamodel 3.0): the shell, whose globalAssetId is the unit's
 * identification link (IEC 61406), with the submodels Handover Documentation 2.0 (IDTA 02004-2-0) and
 * Digital Nameplate (IDTA 02006-2-0). The ids derive from the identification link.
 */

export interface AasUnit {
  serialNumber: string;
  identificationLink: string;
  productCode: string;
  /** ISO timestamp the unit shipped. */
  shippedAt: string;
}

export interface AasFile {
  /** Absolute part name inside the package (`/aasx/files/...`). */
  path: string;
  mediaType: string;
}

/** A document version as the Handover Documentation lists it: the facts its VDI 2770 metadata states, and its files. */
export interface AasDocument extends Pick<MetadataFacts, 'documentId' | 'classId' | 'versionId' | 'language' | 'title' | 'releasedOn'> {
  file: AasFile;
  preview: AasFile | null;
}

export interface AasFacts {
  maker: HandoverMaker;
  unit: AasUnit;
  documents: AasDocument[];
}

/** The ids of the shell and its submodels. */
export function aasIds(identificationLink: string) {
  return {
    shell: `${identificationLink}/aas`,
    handover: `${identificationLink}/aas/submodels/handover-documentation`,
    nameplate: `${identificationLink}/aas/submodels/nameplate`,
  };
}

function documentElement(maker: HandoverMaker, document: AasDocument): aas.SubmodelElementCollection {
  const entry = vdi2770Class(document.classId);
  const documentId = collection(null, hd.documentId, [
    property('DocumentDomainId', hd.documentDomainId, maker.domainId),
    property('DocumentIdentifier', hd.documentIdentifier, document.documentId),
    property('DocumentIsPrimary', hd.documentIsPrimary, 'true', aasTypes.DataTypeDefXsd.Boolean),
  ]);
  const classification = collection(null, hd.documentClassification, [
    property('ClassId', hd.classId, entry.classId),
    multiLanguage('ClassName', hd.className, [['en', entry.nameEn], ['de', entry.nameDe]]),
    property('ClassificationSystem', hd.classificationSystem, vdi2770ClassificationSystem),
  ]);
  const version = collection(null, hd.documentVersion, [
    list('Languages', hd.language, hd.language, aasTypes.AasSubmodelElements.Property, [property(null, hd.language, document.language)], aasTypes.DataTypeDefXsd.String),
    property('Version', hd.version, document.versionId),
    multiLanguage('Title', hd.title, [[document.language, document.title]]),
    multiLanguage('Description', hd.description, [[document.language, document.title]]),
    multiLanguage('KeyWords', hd.keyWords, [['en', entry.nameEn]]),
    property('StatusSetDate', hd.statusSetDate, document.releasedOn, aasTypes.DataTypeDefXsd.Date),
    property('StatusValue', hd.statusValue, 'Released'),
    property('OrganizationShortName', hd.organizationShortName, maker.name),
    property('OrganizationOfficialName', hd.organizationOfficialName, maker.name),
    list('DigitalFiles', hd.digitalFile, hd.digitalFile, aasTypes.AasSubmodelElements.File, [file(null, hd.digitalFile, document.file.path, document.file.mediaType)]),
    ...(document.preview ? [file('PreviewFile', hd.previewFile, document.preview.path, document.preview.mediaType)] : []),
  ]);
  return collection(null, hd.document, [
    list('DocumentIds', hd.documentIds, hd.documentId, aasTypes.AasSubmodelElements.SubmodelElementCollection, [documentId]),
    list('DocumentClassifications', hd.documentClassifications, hd.documentClassification, aasTypes.AasSubmodelElements.SubmodelElementCollection, [classification]),
    list('DocumentVersions', hd.documentVersions, hd.documentVersion, aasTypes.AasSubmodelElements.SubmodelElementCollection, [version]),
  ]);
}

function submodel(id: string, idShort: string, semanticId: string, elements: aas.ISubmodelElement[], version: [string, string]): aas.Submodel {
  const result = new aasTypes.Submodel(id);
  result.idShort = idShort;
  result.kind = aasTypes.ModellingKind.Instance;
  result.semanticId = semantic(semanticId);
  result.administration = new aasTypes.AdministrativeInformation(null, version[0], version[1]);
  result.submodelElements = elements;
  return result;
}

/** The Handover Documentation submodel: one Document per exported version. */
export function handoverSubmodel(facts: AasFacts): aas.Submodel {
  const documents = list('Documents', hd.documents, hd.document, aasTypes.AasSubmodelElements.SubmodelElementCollection, facts.documents.map((document) => documentElement(facts.maker, document)));
  return submodel(aasIds(facts.unit.identificationLink).handover, 'HandoverDocumentation', hd.submodel, [documents], ['2', '0']);
}

/** The Digital Nameplate submodel: who made the unit, its model, serial and year of construction. */
export function nameplateSubmodel(facts: AasFacts): aas.Submodel {
  const { maker, unit } = facts;
  return submodel(aasIds(unit.identificationLink).nameplate, 'Nameplate', np.submodel, [
    multiLanguage('ManufacturerName', np.manufacturerName, [['en', maker.name]]),
    multiLanguage('ManufacturerProductDesignation', np.manufacturerProductDesignation, [['en', unit.productCode]]),
    property('SerialNumber', np.serialNumber, unit.serialNumber),
    property('YearOfConstruction', np.yearOfConstruction, unit.shippedAt.slice(0, 4)),
  ], ['2', '0']);
}

/** The unit's shell, referring to both submodels. */
export function unitShell(unit: AasUnit): aas.AssetAdministrationShell {
  const ids = aasIds(unit.identificationLink);
  const shell = new aasTypes.AssetAdministrationShell(ids.shell, new aasTypes.AssetInformation(aasTypes.AssetKind.Instance, unit.identificationLink));
  shell.idShort = 'Unit';
  shell.submodels = [submodelReference(ids.handover), submodelReference(ids.nameplate)];
  return shell;
}

export function unitEnvironment(facts: AasFacts): aas.Environment {
  return new aasTypes.Environment([unitShell(facts.unit)], [handoverSubmodel(facts), nameplateSubmodel(facts)]);
}
