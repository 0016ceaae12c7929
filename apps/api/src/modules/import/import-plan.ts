import { createHash } from 'node:crypto';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { basename, extname, join, relative, resolve, sep } from 'node:path';
import { parse } from 'csv-parse/sync';
import { createDocumentMetadataSchema, type CreateDocumentMetadata } from '@portal/contracts/admin-documents';
import { applicabilityBodySchema, type ApplicabilityBody } from '@portal/contracts/units';
import { withoutHiddenCharacters } from '../../platform/uploads/index.ts';
import { readFolders, type ImportCatalog } from './folder-meaning.ts';
import { realFileInside } from './folder-paths.ts';

/** One file to import, with the metadata of its document and version. */
export interface ImportItem {
  /** The file's real path (links resolved, inside the folder): what is read. */
  path: string;
  /** The path as named in the folder or the manifest: its last segment becomes the file name. */
  relativePath: string;
  metadata: CreateDocumentMetadata;
  /** Where the document applies (manifest columns `appliesTo` and `unit`); absent when the row says nothing. */
  applicability?: ApplicabilityBody;
  /**
   * The file's name gave neither reference nor title (not `<serviceRef>_<version>_<language>_<title>`, no
   * manifest): `completeDerivedItems` titles it from its content and numbers it by the reference scheme.
   */
  unnamed?: boolean;
}

export interface ImportPlan {
  items: ImportItem[];
  /** Rows or files that cannot be imported, with the reason. */
  problems: string[];
  /** Folder names that said nothing the import could use (neither type nor products), with how many files they hold. */
  ignoredFolders: Array<{ folder: string; files: number }>;
}

const noCatalog: ImportCatalog = { types: [], products: [] };

/** `<serviceRef>_<version>_<language>_<title>.<ext>`, e.g. `D28092504_B_en_Installation manual.pdf`. */
const fileNamePattern = /^([A-Za-z0-9]+)_([A-Za-z0-9][A-Za-z0-9.]*)_([a-z]{2}(?:-[A-Z]{2})?)_(.+)$/;

/** The folder's own manifest, when a folder is imported without `--manifest`: never a document. */
const manifestName = 'manifest.csv';

/** Regular files only: symbolic links are not followed (nor listed as documents). */
async function listFiles(folder: string, skip: ReadonlySet<string>): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !skip.has(path))
    .sort();
}

const titleFrom = (stem: string) => withoutHiddenCharacters(stem).replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim() || stem;

const foldersOf = (relativePath: string) => relativePath.split(sep).slice(0, -1);

/**
 * Metadata read from where a file sits, for folders without a manifest:
 * `<type>/<product>[+<product>…]/<serviceRef>_<version>_<language>_<title>.<ext>`. Folders are
 * optional and read against the catalog (readFolders): a folder that names no known type or product
 * is ignored (type `manual`, no product when none does). A name not in that form becomes version A
 * in English, titled after the name, with a service reference derived from its path (stable across runs).
 */
export function deriveMetadata(relativePath: string, catalog: ImportCatalog = noCatalog): Record<string, unknown> {
  const stem = basename(relativePath, extname(relativePath));
  const named = fileNamePattern.exec(stem);
  const folders = readFolders(foldersOf(relativePath), catalog);
  const common = { typeCode: folders.typeCode ?? 'manual', products: folders.products };
  if (named) {
    const [, serviceRef, resourceVersion, languageCode, title] = named;
    return { ...common, serviceRef, resourceVersion, languageCode, title: titleFrom(title) };
  }
  const digest = createHash('sha1').update(relativePath.split(sep).join('/')).digest('hex').slice(0, 11).toUpperCase();
  return { ...common, serviceRef: `F${digest}`, resourceVersion: 'A', languageCode: 'en', title: titleFrom(stem) };
}

const list = (value: string | undefined) => (value ?? '').split(/[|;]/).map((part) => part.trim()).filter(Boolean);

/** `role:partner|account:ACME-001|user:jane@example.com@2027-01-01T00:00:00Z` (the date is optional). */
function accessRules(value: string | undefined) {
  return list(value).map((rule) => {
    const [kind, ...rest] = rule.split(':');
    const text = rest.join(':');
    if (kind !== 'user') return { kind, value: text };
    const at = text.lastIndexOf('@');
    const expires = at > 0 && /^\d{4}-\d{2}-\d{2}T/.test(text.slice(at + 1)) ? text.slice(at + 1) : undefined;
    return { kind, value: expires ? text.slice(0, at) : text, ...(expires ? { expiresAt: expires } : {}) };
  });
}

const booleanText = (value: string | undefined) => (value === undefined || value === '' ? undefined : /^(true|yes|1)$/i.test(value));

/** A manifest row in the metadata's own field names (columns: docs/publishing.md, "Bulk import"). */
function manifestMetadata(row: Record<string, string>): Record<string, unknown> {
  const text = (name: string) => (row[name] === undefined || row[name] === '' ? undefined : row[name]);
  return {
    serviceRef: text('serviceRef'),
    title: text('title'),
    description: text('description'),
    typeCode: text('type'),
    languageCode: text('language'),
    products: list(row.products),
    resourceVersion: text('version'),
    audience: text('audience'),
    access: accessRules(row.access),
    downloadable: booleanText(row.downloadable),
    changeNote: text('changeNote'),
    variantGroup: text('variantGroup'),
    sourceLanguage: text('sourceLanguage'),
    followsRevision: text('followsRevision'),
    publishedAt: text('publishedAt'),
  };
}

const splitOnce = (text: string, separator: string): [string, string | undefined] => {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
};

/** One `appliesTo` rule: `R100`, `R100+ceiling`, `R100@R100-0100~R100-0199`, `R100+ceiling@R100-0100~` (either end of the range open). */
function applicabilityRule(text: string) {
  const [head, range] = splitOnce(text, '@');
  const [product, option] = splitOnce(head, '+');
  const [from, to] = range === undefined ? [undefined, undefined] : splitOnce(range, '~');
  return { product: product.trim(), option: option?.trim() || null, serialFrom: from?.trim() || null, serialTo: to?.trim() || null };
}

/** The row's `appliesTo` rules (separated by `|`) or `unit` serial, as the applicability body; undefined when both are empty. */
function manifestApplicability(row: Record<string, string>): Record<string, unknown> | undefined {
  const rules = list(row.appliesTo);
  const unit = row.unit?.trim() || null;
  return rules.length === 0 && !unit ? undefined : { rules: rules.map(applicabilityRule), unit };
}

const issuesText = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, prefix = '') =>
  issues.map((issue) => `${prefix}${issue.path.map(String).join('.')} ${issue.message}`.trim()).join('; ');

function toItem(path: string, relativePath: string, raw: Record<string, unknown>, where: string, problems: string[], rawApplicability?: Record<string, unknown>): ImportItem | undefined {
  const parsed = createDocumentMetadataSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined)));
  const applicability = rawApplicability === undefined ? undefined : applicabilityBodySchema.safeParse(rawApplicability);
  const refusals = [
    ...(parsed.success ? [] : [issuesText(parsed.error.issues)]),
    ...(applicability && !applicability.success ? [issuesText(applicability.error.issues, 'applicability ')] : []),
  ];
  if (!parsed.success || (applicability && !applicability.success)) {
    problems.push(`${where}: ${refusals.join('; ')}`);
    return undefined;
  }
  return { path, relativePath, metadata: parsed.data, ...(applicability ? { applicability: applicability.data } : {}) };
}

/** Versions of one document in publishing order (A, B, … or 1.9, 1.10), so the last becomes current. */
function byDocumentThenVersion(a: ImportItem, b: ImportItem): number {
  return (
    a.metadata.serviceRef.localeCompare(b.metadata.serviceRef) ||
    (a.metadata.publishedAt ?? '').localeCompare(b.metadata.publishedAt ?? '') ||
    a.metadata.resourceVersion.localeCompare(b.metadata.resourceVersion, 'en', { numeric: true })
  );
}

function countIgnored(relativePaths: string[], catalog: ImportCatalog): ImportPlan['ignoredFolders'] {
  const files = new Map<string, number>();
  for (const path of relativePaths) {
    for (const folder of new Set(readFolders(foldersOf(path), catalog).ignored)) files.set(folder, (files.get(folder) ?? 0) + 1);
  }
  return [...files].map(([folder, count]) => ({ folder, files: count })).sort((a, b) => a.folder.localeCompare(b.folder));
}

/**
 * What to import from a folder: its files with metadata derived from their place (folder names
 * read against `catalog`, the types and products that exist), or the rows of a CSV manifest.
 */
export async function planImport(folder: string, manifestPath?: string, catalog: ImportCatalog = noCatalog): Promise<ImportPlan> {
  const root = await realpath(resolve(folder));
  const problems: string[] = [];
  const items: ImportItem[] = [];
  let ignoredFolders: ImportPlan['ignoredFolders'] = [];
  if (manifestPath) {
    const manifest = await realpath(manifestPath);
    const rows = parse(await readFile(manifest), { columns: true, bom: true, trim: true, skip_empty_lines: true }) as Record<string, string>[];
    for (const [index, row] of rows.entries()) {
      const where = `manifest line ${index + 2} (${row.path ?? 'no path'})`;
      if (!row.path) {
        problems.push(`${where}: path is missing`);
        continue;
      }
      const named = resolve(root, row.path);
      const file = await realFileInside(root, named);
      if (!file.ok) problems.push(`${where}: ${file.reason}`);
      else if (file.path === manifest) problems.push(`${where}: the manifest itself is not a document`);
      else {
        const item = toItem(file.path, relative(root, named), manifestMetadata(row), where, problems, manifestApplicability(row));
        if (item) items.push(item);
      }
    }
  } else {
    const paths = await listFiles(root, new Set([join(root, manifestName)]));
    for (const path of paths) {
      const item = toItem(path, relative(root, path), deriveMetadata(relative(root, path), catalog), relative(root, path), problems);
      if (item) items.push(fileNamePattern.test(basename(path, extname(path))) ? item : { ...item, unnamed: true });
    }
    ignoredFolders = countIgnored(paths.map((path) => relative(root, path)), catalog);
  }
  return { items: items.sort(byDocumentThenVersion), problems, ignoredFolders };
}
