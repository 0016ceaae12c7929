import type { Vdi2770ClassId } from '@portal/contracts/handover';
import { escapeHtml } from '../../platform/html.ts';
import { vdi2770Class, vdi2770System } from './vdi2770-classes.ts';

/*
 * The metadata of a VDI 2770 document (VDI 2770 Blatt 1:2020, XML schema of 2019-08-23): which document
 * it is, under which domain, its class, the object it describes (the unit, by serial and identification
 * link, and its model), and the version: languages, title, status and files.
 */

export const vdi2770Namespace = 'http://www.vdi.de/schemas/vdi2770';

/** Who issued the documents: the maker, named by MAKER_NAME, its document ids in the domain of its public host. */
export interface HandoverMaker {
  name: string;
  domainId: string;
}

export interface HandoverObject {
  serialNumber: string;
  identificationLink: string;
  productCode: string;
}

export interface MetadataFacts {
  maker: HandoverMaker;
  unit: HandoverObject;
  documentId: string;
  classId: Vdi2770ClassId;
  versionId: string;
  language: string;
  title: string;
  /** YYYY-MM-DD the version was released. */
  releasedOn: string;
  files: Array<{ name: string; mediaType: string }>;
  /** Documents this one refers to (the main document lists the documentation's documents). */
  refersTo?: Array<{ documentId: string; versionId: string }>;
}

/** XML 1.0 admits no control characters but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const text = (value: string) => escapeHtml(value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));

const party = (role: string, maker: HandoverMaker) =>
  `<Party Role="${role}"><Organization OrganizationId="${text(maker.domainId)}" OrganizationName="${text(maker.name)}" OrganizationOfficialName="${text(maker.name)}"/></Party>`;

function classification(classId: Vdi2770ClassId): string {
  const entry = vdi2770Class(classId);
  return [
    `  <DocumentClassification ClassificationSystem="${vdi2770System}">`,
    `    <ClassId>${entry.classId}</ClassId>`,
    `    <ClassName Language="en">${text(entry.nameEn)}</ClassName>`,
    `    <ClassName Language="de">${text(entry.nameDe)}</ClassName>`,
    '  </DocumentClassification>',
  ].join('\n');
}

function referencedObject({ maker, unit }: MetadataFacts): string {
  return [
    '  <ReferencedObject>',
    `    <ObjectId ObjectType="Individual" RefType="Serial number">${text(unit.serialNumber)}</ObjectId>`,
    `    <ObjectId ObjectType="Individual" RefType="Identification link" IsGloballyBiUnique="true">${text(unit.identificationLink)}</ObjectId>`,
    `    <ObjectId ObjectType="Type" RefType="Product code">${text(unit.productCode)}</ObjectId>`,
    `    ${party('Manufacturer', maker)}`,
    '  </ReferencedObject>',
  ].join('\n');
}

function documentVersion(facts: MetadataFacts): string {
  const { maker } = facts;
  return [
    '  <DocumentVersion>',
    `    <DocumentVersionId>${text(facts.versionId)}</DocumentVersionId>`,
    `    <Language>${text(facts.language)}</Language>`,
    `    ${party('Author', maker)}`,
    `    <DocumentDescription Language="${text(facts.language)}">`,
    `      <Title>${text(facts.title)}</Title>`,
    `      <Summary>${text(facts.title)}</Summary>`,
    `      <KeyWords><KeyWord>${text(vdi2770Class(facts.classId).nameEn)}</KeyWord></KeyWords>`,
    '    </DocumentDescription>',
    `    <LifeCycleStatus StatusValue="Released" SetDate="${text(facts.releasedOn)}">${party('Responsible', maker)}</LifeCycleStatus>`,
    ...(facts.refersTo ?? []).map(
      (target) =>
        `    <DocumentRelationship Type="RefersTo"><DocumentId DomainId="${text(maker.domainId)}">${text(target.documentId)}</DocumentId><DocumentVersionId>${text(target.versionId)}</DocumentVersionId></DocumentRelationship>`,
    ),
    ...facts.files.map((file) => `    <DigitalFile FileFormat="${text(file.mediaType)}">${text(file.name)}</DigitalFile>`),
    '  </DocumentVersion>',
  ].join('\n');
}

/** The VDI2770_Metadata.xml of a document container (or VDI2770_Main.xml of the documentation container). */
export function metadataXml(facts: MetadataFacts): string {
  const { maker } = facts;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${vdi2770Namespace}">`,
    `  <DocumentId DomainId="${text(maker.domainId)}" IsPrimary="true">${text(facts.documentId)}</DocumentId>`,
    `  <DocumentIdDomain DocumentDomainId="${text(maker.domainId)}">${party('Responsible', maker)}</DocumentIdDomain>`,
    classification(facts.classId),
    referencedObject(facts),
    documentVersion(facts),
    '</Document>',
    '',
  ].join('\n');
}
