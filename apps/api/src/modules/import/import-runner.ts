import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { PortalEventBus } from '../../platform/events/index.ts';
import { addVersion, createDocument, publishDocument, storeUpload } from '../admin-documents/index.ts';
import { commandContext, type AuditContext } from '../audit/index.ts';
import { findDocumentByServiceRef, findVersionByLabel, insertMissingCodes } from '../documents/index.ts';
import { storeApplicability } from '../units/index.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { AppError } from '../../platform/errors.ts';
import type { ImportItem } from './import-plan.ts';

export interface ImportDeps {
  db: Kysely<Database>;
  /** The portal's event bus: each added document or version is announced on it (search, previews, alerts, audit). */
  events: PortalEventBus;
  storage: FileStorage;
  maxBytes: number;
  /** Who runs the import (each added document or version is an `import` entry of the audit log); the operator on this host by default. */
  audit?: AuditContext;
  /**
   * What becomes of a new document: a draft until a publisher publishes it (the default), published now,
   * or scheduled for a time. A new version of a document already there keeps that document's state.
   */
  publication?: ImportPublication;
}

/** `draft` (the default), `now`, or a future time (ISO 8601) to publish at. */
export type ImportPublication = 'draft' | 'now' | { at: string };

/** What became of one file: `refused` when no viewer could show it (the reason says why), `failed` on any other error. */
export interface ImportResult {
  path: string;
  outcome: 'added' | 'skipped' | 'refused' | 'failed';
  reason?: string;
  /** Of a file added: its document, whether it made that document or a new version of it, its reference and title. */
  documentId?: string;
  created?: 'document' | 'version';
  serviceRef?: string;
  title?: string;
}

export interface ImportCounts {
  added: number;
  skipped: number;
  refused: number;
  failed: number;
  /** `path: reason` of every refused or failed file. */
  failures: string[];
  /** One line per file, in the order they finished. */
  results: ImportResult[];
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(await openPlannedFile(path), hash);
  return hash.digest('hex');
}

/** Creates the document types and products the items name that do not exist yet; returns their codes. */
export async function ensureCatalogCodes(db: Kysely<Database>, items: ImportItem[]): Promise<string[]> {
  const types = [...new Set(items.map((item) => item.metadata.typeCode))];
  const products = [...new Set(items.flatMap((item) => item.metadata.products))];
  const created = await insertMissingCodes(db, types, products);
  return [...created.types.map((code) => `type ${code}`), ...created.products.map((code) => `product ${code}`)];
}

/** The intake refused the file itself (its type, content, size or name): no viewer could show it. */
class FileRefused extends Error {}

type Outcome = { outcome: 'added'; documentId: string; created: 'document' | 'version' } | { outcome: 'skipped' };

/**
 * Opens a planned file, refusing it when a symbolic link has appeared on its path since the plan
 * resolved it (the planned path is real: any new link changes what it resolves to).
 */
async function openPlannedFile(path: string) {
  if ((await realpath(path)) !== path) throw new Error('the path changed into a symbolic link after planning');
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  return handle.createReadStream();
}

/**
 * Imports one file. A version already present with the same bytes is skipped (re-runs add nothing);
 * present with other bytes, it is refused. Otherwise the file is stored, then the document or the
 * version is created in one transaction: a kill in between leaves a stored file and no rows.
 */
async function importOne(deps: ImportDeps, item: ImportItem): Promise<Outcome> {
  const { metadata } = item;
  const document = await findDocumentByServiceRef(deps.db, metadata.serviceRef);
  const version = document ? await findVersionByLabel(deps.db, document.id, metadata.resourceVersion) : undefined;
  if (version) {
    if ((await sha256Of(item.path)) === version.sha256) return { outcome: 'skipped' };
    throw new Error(`version ${metadata.resourceVersion} of ${metadata.serviceRef} exists with other content`);
  }
  const upload = await storeUpload(deps.storage, await openPlannedFile(item.path), basename(item.relativePath), deps.maxBytes).catch((error: unknown) => {
    throw error instanceof AppError ? new FileRefused(error.message) : error;
  });
  const audit = deps.audit ?? commandContext('npm run import', 'import');
  const writer = { db: deps.db, events: deps.events };
  if (document) {
    await addVersion(writer, document.id, metadata, upload, audit);
    return { outcome: 'added', documentId: document.id, created: 'version' };
  }
  const publication = deps.publication ?? 'draft';
  const created = await createDocument(writer, { ...metadata, status: publication === 'now' ? 'published' : 'unpublished' }, upload, undefined, audit);
  if (typeof publication === 'object') await publishDocument(writer, created.id, publication.at, audit);
  return { outcome: 'added', documentId: created.id, created: 'document' };
}

/**
 * Stores where the item's document applies (its manifest row said so), also when the version was
 * already there: a re-run after fixing a product code or serial finishes the job.
 */
async function applyApplicability(deps: ImportDeps, item: ImportItem): Promise<void> {
  if (!item.applicability) return;
  const document = await findDocumentByServiceRef(deps.db, item.metadata.serviceRef);
  if (!document) return;
  try {
    await storeApplicability(deps.db, document.id, item.applicability);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const details = (error.details ?? []).map((detail) => `${detail.path ?? ''} ${detail.message}`.trim());
    throw new Error(`the file was imported but not its applicability: ${[error.message, ...details].join(' ')}`, { cause: error });
  }
}

/**
 * Imports the items, `concurrency` documents at a time; the versions of one document go in order.
 * Calls `onProgress` after every file.
 */
export async function runImport(
  deps: ImportDeps,
  items: ImportItem[],
  options: { concurrency: number; onProgress?: (counts: ImportCounts) => void },
): Promise<ImportCounts> {
  const counts: ImportCounts = { added: 0, skipped: 0, refused: 0, failed: 0, failures: [], results: [] };
  const groups = new Map<string, ImportItem[]>();
  for (const item of items) groups.set(item.metadata.serviceRef, [...(groups.get(item.metadata.serviceRef) ?? []), item]);
  const queue = [...groups.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const item of group) {
        try {
          const result = await importOne(deps, item);
          await applyApplicability(deps, item);
          counts[result.outcome] += 1;
          const named = { serviceRef: item.metadata.serviceRef, title: item.metadata.title };
          counts.results.push(result.outcome === 'added' ? { path: item.relativePath, ...result, ...named } : { path: item.relativePath, outcome: result.outcome, ...named });
        } catch (error) {
          const outcome = error instanceof FileRefused ? 'refused' : 'failed';
          const reason = error instanceof Error ? error.message : String(error);
          counts[outcome] += 1;
          counts.failures.push(`${item.relativePath}: ${reason}`);
          counts.results.push({ path: item.relativePath, outcome, reason });
        }
        options.onProgress?.(counts);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return counts;
}
