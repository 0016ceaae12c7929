import type { Kysely } from 'kysely';
import type { CoverageCell, CoverageRow } from '@portal/contracts/language-coverage';
import type { Database } from '../../platform/db/schema.ts';
import { sourceVersions, type SourceVersionRow } from './translation-source.repository.ts';
import { translationStatusOf } from './translation-status.ts';

/** A published document as the coverage report files it: under each of its products, its type and language. */
interface CoverageDocumentRow {
  productCode: string;
  productName: string;
  typeCode: string;
  typeName: string;
  id: string;
  languageCode: string;
  variantGroup: string;
  sourceLanguage: string | null;
  followsRevision: string | null;
}

/** Where a published document stands: current, or behind its source by this many significant revisions. */
type Standing = { documentId: string; revisionsBehind: number };

export interface CoverageOptions {
  /** Only this product (code). */
  product?: string;
  /** The columns, in this order; every content language by default. */
  languages?: readonly string[];
  /** Languages counted as content languages besides those the documents use (the markets' languages). */
  extraLanguages?: readonly string[];
}

export interface CoverageTable {
  languages: string[];
  rows: CoverageRow[];
}

/** Code order that is the same on both engines (their collations differ). */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const groupKey = (variantGroup: string, languageCode: string) => `${variantGroup}\u0000${languageCode}`;

/** The published documents (with a published version), once per product they are filed under. */
async function publishedDocuments(db: Kysely<Database>, product: string | undefined): Promise<CoverageDocumentRow[]> {
  let query = db
    .selectFrom('documents')
    .innerJoin('document_products', 'document_products.documentId', 'documents.id')
    .innerJoin('products', 'products.code', 'document_products.productCode')
    .innerJoin('document_types', 'document_types.code', 'documents.typeCode')
    .select([
      'document_products.productCode',
      'products.name as productName',
      'documents.typeCode',
      'document_types.name as typeName',
      'documents.id',
      'documents.languageCode',
      'documents.variantGroup',
      'documents.sourceLanguage',
      'documents.followsRevision',
    ])
    .where('documents.status', '=', 'published')
    .where('documents.currentVersionId', 'is not', null);
  if (product !== undefined) query = query.where('document_products.productCode', '=', product);
  return query.orderBy('document_products.productCode').orderBy('documents.typeCode').orderBy('documents.id').execute();
}

/** The significant versions of the source newer than the one the translation follows (all of them when it follows none the source has). */
function significantRevisionsBehind(followsRevision: string, newestFirst: readonly SourceVersionRow[]): number {
  const followed = newestFirst.findIndex((version) => version.resourceVersion === followsRevision);
  const newer = followed === -1 ? newestFirst : newestFirst.slice(0, followed);
  return newer.filter((version) => version.significant === 1).length;
}

/**
 * How far behind its source each translation among these documents is (0 for those not behind); documents that are
 * no translation are left out. "Behind" is the translation status's own rule (translationStatusOf); the sources are
 * found as translationStatuses finds them: one per variant group and language, the first document by id.
 */
async function revisionsBehindOf(db: Kysely<Database>, documents: readonly CoverageDocumentRow[]): Promise<Map<string, number>> {
  const translations = new Map<string, { variantGroup: string; sourceLanguage: string; followsRevision: string }>();
  for (const document of documents) {
    if (document.sourceLanguage && document.followsRevision) {
      translations.set(document.id, { variantGroup: document.variantGroup, sourceLanguage: document.sourceLanguage, followsRevision: document.followsRevision });
    }
  }
  const behind = new Map<string, number>();
  if (translations.size === 0) return behind;
  const wanted = [...translations.values()].map(({ variantGroup, sourceLanguage }) => ({ variantGroup, languageCode: sourceLanguage }));
  const bySource = new Map<string, { documentId: string; versions: SourceVersionRow[] }>();
  for (const row of await sourceVersions(db, wanted)) {
    const key = groupKey(row.variantGroup, row.languageCode);
    const source = bySource.get(key) ?? bySource.set(key, { documentId: row.documentId, versions: [] }).get(key)!;
    if (source.documentId === row.documentId) source.versions.push(row);
  }
  for (const [id, translation] of translations) {
    const source = bySource.get(groupKey(translation.variantGroup, translation.sourceLanguage));
    const versions = source?.versions ?? [];
    const status = translationStatusOf(translation, source?.documentId ?? null, versions);
    behind.set(id, status.behind ? Math.max(1, significantRevisionsBehind(translation.followsRevision, versions)) : 0);
  }
  return behind;
}

/**
 * The cell of one language over the row's variant groups (each a document and its translations): missing when no group
 * has a published document in the language; behind when a group's best document there is behind (by the most
 * revisions any group is behind), so that a current document of another group (a quick start next to the manual) does
 * not hide it; else current. A group's best document is its least-behind one in the language; a group without the
 * language (a parts list kept in English only) does not count.
 */
function cellOf(language: string, groups: ReadonlyMap<string, Map<string, Standing[]>>): CoverageCell {
  let worst: Standing | null = null;
  for (const byLanguage of groups.values()) {
    const standings = byLanguage.get(language);
    if (!standings || standings.length === 0) continue;
    const best = standings.reduce((least, standing) => (standing.revisionsBehind < least.revisionsBehind ? standing : least));
    if (worst === null || best.revisionsBehind > worst.revisionsBehind) worst = best;
  }
  if (worst === null) return { language, status: 'missing' };
  return worst.revisionsBehind === 0
    ? { language, status: 'current', documentId: worst.documentId }
    : { language, status: 'behind', revisionsBehind: worst.revisionsBehind, documentId: worst.documentId };
}

/**
 * The language coverage of every product × document type with at least one published document: per language,
 * whether it has a current published document in the language (a source, or a translation not behind its source),
 * one behind (by how many significant revisions of its source), or none (see cellOf). Rows by product code, then type code.
 */
export async function languageCoverageTable(db: Kysely<Database>, options: CoverageOptions = {}): Promise<CoverageTable> {
  const documents = await publishedDocuments(db, options.product);
  const behind = await revisionsBehindOf(db, documents);
  const contentLanguages = [...new Set([...documents.map((document) => document.languageCode), ...(options.extraLanguages ?? [])])].sort();
  const languages = options.languages ? [...options.languages] : contentLanguages;

  // Per row (product × type): per variant group, per language, the standings of its published documents.
  const rows = new Map<string, { row: Omit<CoverageRow, 'cells'>; groups: Map<string, Map<string, Standing[]>> }>();
  for (const document of documents) {
    const key = `${document.productCode}\u0000${document.typeCode}`;
    const entry =
      rows.get(key) ??
      rows
        .set(key, {
          row: { product: { code: document.productCode, name: document.productName }, documentType: { code: document.typeCode, name: document.typeName } },
          groups: new Map(),
        })
        .get(key)!;
    const group = entry.groups.get(document.variantGroup) ?? entry.groups.set(document.variantGroup, new Map()).get(document.variantGroup)!;
    const standings = group.get(document.languageCode) ?? group.set(document.languageCode, []).get(document.languageCode)!;
    standings.push({ documentId: document.id, revisionsBehind: behind.get(document.id) ?? 0 });
  }
  return {
    languages,
    rows: [...rows.values()]
      .sort((a, b) => byCode(a.row.product.code, b.row.product.code) || byCode(a.row.documentType.code, b.row.documentType.code))
      .map(({ row, groups }) => ({ ...row, cells: languages.map((language) => cellOf(language, groups)) })),
  };
}
