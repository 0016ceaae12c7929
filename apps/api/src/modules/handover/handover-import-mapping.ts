import { languageCodeSchema } from '@portal/contracts/admin-documents';
import { resourceVersionSchema } from '@portal/contracts/documents';
import type { HandoverImportReport } from '@portal/contracts/handover';
import type { ImportCandidate, Refusal } from './handover-import-candidate.ts';
import { standardClasses } from './handover-class.service.ts';

/*
 * From the supplier's metadata back to ours: the class to the document type (the reverse of the class mapping),
 * the language to a code the portal knows. What does not map is refused with the reason, never guessed.
 */

/** A candidate whose type, language and version the portal takes. */
export interface MappedCandidate extends ImportCandidate {
  typeCode: string;
}

const standardOrder = Object.keys(standardClasses);
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * The document type of each class: where several types share a class, the first of the standard types
 * (manual before video, certificate before declaration of conformity), then the first by code.
 */
export function typesByClass(classes: ReadonlyMap<string, string>): Map<string, string> {
  const rank = (code: string) => (standardOrder.includes(code) ? standardOrder.indexOf(code) : standardOrder.length);
  const codes = [...classes.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en'));
  const result = new Map<string, string>();
  for (const code of codes) {
    const classId = classes.get(code)!;
    if (!result.has(classId)) result.set(classId, code);
  }
  return result;
}

/** `en`, `EN` or `en-us` as the portal writes it (`en`, `en-US`), or null for a language it does not know. */
export function knownLanguage(raw: string): string | null {
  const [base = '', region, ...rest] = raw.trim().split(/[-_]/);
  if (rest.length > 0) return null;
  const code = region === undefined ? base.toLowerCase() : `${base.toLowerCase()}-${region.toUpperCase()}`;
  if (!languageCodeSchema.safeParse(code).success) return null;
  return languageNames.of(base.toLowerCase()) === undefined ? null : code;
}

/** Splits the candidates into those the portal takes (with their type) and those it refuses. */
export function mapCandidates(candidates: readonly ImportCandidate[], types: ReadonlyMap<string, string>): { mapped: MappedCandidate[]; refused: Refusal[] } {
  const mapped: MappedCandidate[] = [];
  const refused: Refusal[] = [];
  for (const candidate of candidates) {
    const what = `${candidate.source} (${candidate.documentId}, version ${candidate.version})`.slice(0, 500);
    const typeCode = types.get(candidate.classId);
    const language = knownLanguage(candidate.language);
    if (candidate.classId === '') refused.push({ source: what, reason: 'has no VDI 2770 class' });
    else if (typeCode === undefined) refused.push({ source: what, reason: `its class "${candidate.classId.slice(0, 50)}" is no VDI 2770 class a document type maps to` });
    else if (language === null) refused.push({ source: what, reason: `its language "${candidate.language.slice(0, 50)}" is not a language the portal knows` });
    else if (!resourceVersionSchema.safeParse(candidate.version).success) refused.push({ source: what, reason: `its version "${candidate.version.slice(0, 50)}" is not a version label the portal takes (letters, digits, . _ -, at most 32)` });
    else mapped.push({ ...candidate, typeCode, language, title: candidate.title.slice(0, 300) });
  }
  return { mapped, refused };
}

export type TakenEntry = HandoverImportReport['taken'][number];
