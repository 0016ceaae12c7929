import { aas, type AasCore } from './aas-core.ts';
import type { ReadHandover } from './handover-import-candidate.ts';

/*
 * The documents of a Handover Documentation submodel (IDTA 02004): version 2.0 keeps them in lists
 * (Documents, DocumentIds, DocumentClassifications, DocumentVersions, Languages, DigitalFiles); version 1.2
 * numbered the elements instead (Document00, DocumentVersion00, Language00, DigitalFile00…). Both are read.
 */

type Element = AasCore.types.ISubmodelElement;

const handoverSemanticPrefix = '0173-1#01-AHF578';

const keysOf = (reference: AasCore.types.Reference | null) => (reference?.keys ?? []).map((key) => key.value);

/** The Handover Documentation submodel, by its semantic id (ECLASS IRDI or IDTA URL) or its idShort. */
export function isHandoverSubmodel(submodel: AasCore.types.Submodel): boolean {
  return submodel.idShort === 'HandoverDocumentation' || keysOf(submodel.semanticId).some((key) => key.startsWith(handoverSemanticPrefix) || key.includes('HandoverDocumentation'));
}

export const aasElementsOf = (submodel: AasCore.types.Submodel): Element[] => submodel.submodelElements ?? [];

function childrenOf(element: Element | undefined): Element[] {
  if (element instanceof aas.types.SubmodelElementCollection || element instanceof aas.types.SubmodelElementList) return element.value ?? [];
  return [];
}

const named = (elements: readonly Element[], idShort: string) => elements.find((element) => element.idShort === idShort);

/** The items of the list `listName`, or (1.2) the elements numbered after `prefix`. */
function items(elements: readonly Element[], listName: string, prefix: string): Element[] {
  const list = named(elements, listName);
  if (list !== undefined) return childrenOf(list);
  return elements.filter((element) => element.idShort?.startsWith(prefix) === true && element.idShort !== listName);
}

function propertyValue(element: Element | undefined): string {
  if (element instanceof aas.types.Property) return (element.value ?? '').trim();
  if (element instanceof aas.types.MultiLanguageProperty) return (element.value?.[0]?.text ?? '').trim();
  return '';
}

const firstValue = (elements: readonly Element[], ...names: string[]) => names.map((name) => propertyValue(named(elements, name))).find((value) => value !== '') ?? '';

function titleOf(version: readonly Element[], language: string): string {
  const title = named(version, 'Title');
  if (!(title instanceof aas.types.MultiLanguageProperty)) return propertyValue(title);
  const texts = title.value ?? [];
  return (texts.find((text) => text.language === language) ?? texts[0])?.text.trim() ?? '';
}

function classOf(document: readonly Element[]): string {
  for (const classification of items(document, 'DocumentClassifications', 'DocumentClassification')) {
    const fields = childrenOf(classification);
    if (firstValue(fields, 'ClassificationSystem').toUpperCase().startsWith('VDI2770')) return firstValue(fields, 'ClassId');
  }
  return '';
}

function documentIdOf(document: readonly Element[]): string {
  const [first] = items(document, 'DocumentIds', 'DocumentId');
  return firstValue(childrenOf(first), 'DocumentIdentifier', 'ValueId');
}

/** The document versions of the submodel's documents; `fileAt` gives where a File's value lies in the package (undefined: not in it). */
export function documentsOfHandover(submodel: readonly Element[], fileAt: (value: string) => string | undefined): ReadHandover {
  const result: ReadHandover = { candidates: [], refused: [] };
  for (const [index, documentElement] of items(submodel, 'Documents', 'Document').entries()) {
    const document = childrenOf(documentElement);
    const source = documentElement.idShort ?? `Documents[${index}]`;
    const documentId = documentIdOf(document);
    const classId = classOf(document);
    for (const [versionIndex, versionElement] of items(document, 'DocumentVersions', 'DocumentVersion').entries()) {
      const version = childrenOf(versionElement);
      const versionId = firstValue(version, 'Version', 'DocumentVersionId');
      const what = `${source} (version ${versionId || versionIndex + 1})`;
      const language = propertyValue(items(version, 'Languages', 'Language')[0]);
      const title = titleOf(version, language);
      const file = items(version, 'DigitalFiles', 'DigitalFile').find((element): element is AasCore.types.File => element instanceof aas.types.File && !!element.value);
      const filePath = file?.value ? fileAt(file.value) : undefined;
      if (!file?.value) result.refused.push({ source: what, reason: 'has no digital file' });
      else if (filePath === undefined) result.refused.push({ source: what, reason: `names the file "${file.value.slice(0, 200)}", which the package does not hold` });
      else if (documentId === '' || versionId === '' || title === '') result.refused.push({ source: what, reason: 'lacks its document id, version or title' });
      else result.candidates.push({ source, documentId, classId, language, version: versionId, title, filePath, fileName: file.value.split('/').pop()! });
    }
  }
  return result;
}
