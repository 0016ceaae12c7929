import type * as aas from '@aas-core-works/aas-core3.0-typescript/types';
import { aasTypes } from './aas-core.ts';

/* Small constructors for the AAS elements the export writes (aas-core's constructors take every field by position). */

export const semantic = (id: string): aas.Reference => new aasTypes.Reference(aasTypes.ReferenceTypes.ExternalReference, [new aasTypes.Key(aasTypes.KeyTypes.GlobalReference, id)]);

export const submodelReference = (id: string): aas.Reference => new aasTypes.Reference(aasTypes.ReferenceTypes.ModelReference, [new aasTypes.Key(aasTypes.KeyTypes.Submodel, id)]);

/** A Property; `idShort` null inside a list (AASd-120). */
export function property(idShort: string | null, semanticId: string, value: string, valueType = aasTypes.DataTypeDefXsd.String): aas.Property {
  const element = new aasTypes.Property(valueType);
  element.idShort = idShort;
  element.semanticId = semantic(semanticId);
  element.value = value;
  return element;
}

export function multiLanguage(idShort: string, semanticId: string, texts: ReadonlyArray<[language: string, text: string]>): aas.MultiLanguageProperty {
  const element = new aasTypes.MultiLanguageProperty();
  element.idShort = idShort;
  element.semanticId = semantic(semanticId);
  element.value = texts.map(([language, text]) => new aasTypes.LangStringTextType(language, text));
  return element;
}

export function file(idShort: string | null, semanticId: string, path: string, contentType: string): aas.File {
  const element = new aasTypes.File(contentType);
  element.idShort = idShort;
  element.semanticId = semantic(semanticId);
  element.value = path;
  return element;
}

export function collection(idShort: string | null, semanticId: string, value: aas.ISubmodelElement[]): aas.SubmodelElementCollection {
  const element = new aasTypes.SubmodelElementCollection();
  element.idShort = idShort;
  element.semanticId = semantic(semanticId);
  element.value = value;
  return element;
}

/** A SubmodelElementList whose items share `itemSemanticId` (AASd-107) and carry no idShort (AASd-120). */
export function list(
  idShort: string,
  semanticId: string,
  itemSemanticId: string,
  type: aas.AasSubmodelElements,
  value: aas.ISubmodelElement[],
  valueType: aas.DataTypeDefXsd | null = null,
): aas.SubmodelElementList {
  const element = new aasTypes.SubmodelElementList(type);
  element.idShort = idShort;
  element.semanticId = semantic(semanticId);
  element.semanticIdListElement = semantic(itemSemanticId);
  element.valueTypeListElement = valueType;
  element.value = value.length > 0 ? value : null;
  return element;
}
