import { buffer } from 'node:stream/consumers';
import { PDFDocument } from 'pdf-lib';
import { previewKindOf } from '@portal/contracts/previews';
import type { AuthUser } from '@portal/contracts/users';
import { safeFileName } from '../../platform/content-kinds/zip-entries.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { findPreviewVersion, referenceNames } from '../documents/index.ts';
import { readableUnit, unitDocuments, unitFacts } from '../units/index.ts';
import { findPaperRequest, type PaperRequestRow } from './paper-request.repository.ts';
import type { PaperRequestDeps } from './paper-request.service.ts';
import { insertCover, type CoverDocument } from './print-cover.ts';

/*
 * The print shop's PDF of a paper request: a cover, then every document of the unit in the requested language,
 * in the version the unit's owner reads (retained versions included). Non-PDF files go in as their stored PDF
 * rendition; without one, or when a file is damaged or encrypted, the cover lists them as not printable.
 */

export interface PrintLimits {
  /** The stored files one print PDF reads into memory, together. */
  maxInputBytes: number;
  maxPages: number;
}

/** What one print PDF may read and hold, so that one request cannot exhaust the server. */
export const printLimits: PrintLimits = { maxInputBytes: 200 * 1024 * 1024, maxPages: 5000 };

export interface PrintDeps extends PaperRequestDeps {
  storage: FileStorage;
  /** The maker named on the cover. */
  maker: string;
  /** `printLimits` unless given (tests lower them). */
  limits?: PrintLimits;
}

type UnitDocumentEntry = Awaited<ReturnType<typeof unitDocuments>>['applicable'][number];

interface PrintSource {
  entry: UnitDocumentEntry;
  /** The stored PDF to copy pages from, or null (then `problem` says why). */
  key: string | null;
  problem: string | null;
}

const tooLarge = (message: string) => new AppError(413, 'payloadTooLarge', message);
const paperRequestNotFound = () => notFound('notFound', 'There is no paper request with this id.');

/** The unit as its owner's account sees it (not as staff do: withdrawn versions only where the unit retains them). */
const ownerOf = (request: PaperRequestRow, account: string): AuthUser => ({
  sub: request.requesterSub, email: '', name: request.requesterName, roles: ['customer'], account,
});

/** The stored PDF of a version: the file itself, or the PDF rendition the previews made of an Office file. */
async function sourceOf(deps: PrintDeps, entry: UnitDocumentEntry): Promise<PrintSource> {
  const kind = previewKindOf(entry.current.fileName);
  if (kind === 'pdf') return { entry, key: entry.current.storageKey, problem: null };
  const rendition = kind === 'docs' ? (await findPreviewVersion(deps.db, entry.current.id))?.previewPdfKey : null;
  return rendition ? { entry, key: rendition, problem: null } : { entry, key: null, problem: 'no PDF rendition' };
}

/** Refuses (413) before reading anything when the files together exceed the input limit. */
async function checkInputSize(storage: FileStorage, sources: readonly PrintSource[], limits: PrintLimits): Promise<void> {
  let total = 0;
  for (const source of sources) {
    if (source.key) total += (await storage.stat(source.key))?.size ?? 0;
  }
  if (total > limits.maxInputBytes) {
    const megabytes = (bytes: number) => Math.ceil(bytes / 1024 / 1024);
    throw tooLarge(`The documents of this request take ${megabytes(total)} MB, more than the ${megabytes(limits.maxInputBytes)} MB one print PDF may read; print them one by one.`);
  }
}

/** Loads a stored PDF; undefined when it is damaged or encrypted (pdf-lib refuses both). */
async function loadPdf(storage: FileStorage, key: string): Promise<PDFDocument | undefined> {
  const bytes = await buffer(await storage.read(key));
  try {
    return await PDFDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return undefined;
  }
}

/** Copies each source's pages into `pdf`, in order; what could not be read is listed with its reason. */
async function appendDocuments(pdf: PDFDocument, storage: FileStorage, sources: readonly PrintSource[], maxPages: number): Promise<CoverDocument[]> {
  const listed: CoverDocument[] = [];
  let pages = 0;
  for (const { entry, key, problem } of sources) {
    const { document, current } = entry;
    const item = { serviceRef: document.serviceRef, title: document.title, resourceVersion: current.resourceVersion, publishedAt: current.publishedAt, fileName: current.fileName };
    const source = key ? await loadPdf(storage, key) : undefined;
    if (!source) {
      listed.push({ ...item, pages: null, problem: problem ?? 'damaged or encrypted' });
      continue;
    }
    const count = source.getPageCount();
    if (pages + count > maxPages) throw tooLarge(`The documents of this request have more than ${maxPages} pages, more than one print PDF may hold; print them one by one.`);
    let copied;
    try {
      copied = await pdf.copyPages(source, source.getPageIndices());
    } catch {
      listed.push({ ...item, pages: null, problem: 'damaged' });
      continue;
    }
    for (const page of copied) pdf.addPage(page);
    pages += count;
    listed.push({ ...item, pages: count, problem: null });
  }
  return listed;
}

/** The unit's documents to print: each once, those in the requested language, and the titles of the others. */
async function documentsOf(deps: PrintDeps, user: AuthUser, request: PaperRequestRow) {
  const unit = await readableUnit(deps.db, user, request.serialNumber);
  const { applicable, own } = await unitDocuments(deps.db, ownerOf(request, unit.account), unitFacts(unit), request.language);
  const entries = [...new Map([...applicable, ...own].map((entry) => [entry.document.id, entry])).values()];
  const inLanguage = entries.filter((entry) => entry.document.languageCode === request.language);
  const otherLanguages = entries
    .filter((entry) => entry.document.languageCode !== request.language)
    .map((entry) => `${entry.document.serviceRef} ${entry.document.title} (${entry.document.languageCode.toUpperCase()})`);
  const names = await referenceNames(deps.db, { types: [], products: [unit.productCode] });
  const model = `${unit.productCode} - ${names.products.get(unit.productCode) ?? unit.productCode}`;
  return { inLanguage, otherLanguages, model };
}

/** GET /api/Admin/paper-requests/{id}/print.pdf: the cover and the documents as one PDF, the download audited. */
export async function printPaperRequest(deps: PrintDeps, user: AuthUser, id: string, context: AuditContext): Promise<{ fileName: string; bytes: Uint8Array }> {
  const request = await findPaperRequest(deps.db, id);
  if (!request) throw paperRequestNotFound();
  const { inLanguage, otherLanguages, model } = await documentsOf(deps, user, request);
  const sources = await Promise.all(inLanguage.map((entry) => sourceOf(deps, entry)));
  const limits = deps.limits ?? printLimits;
  await checkInputSize(deps.storage, sources, limits);
  const pdf = await PDFDocument.create();
  const documents = await appendDocuments(pdf, deps.storage, sources, limits.maxPages);
  const generatedAt = (deps.now ?? (() => new Date()))().toISOString();
  const coverPages = await insertCover(pdf, {
    maker: deps.maker, serialNumber: request.serialNumber, model, language: request.language, requestId: request.id,
    requestedAt: request.requestedAt, dueAt: request.dueAt, requester: request.requesterName, contact: request.contact,
    postalAddress: request.postalAddress, documents, otherLanguages, generatedAt,
  });
  pdf.setTitle(`Printed instructions ${request.serialNumber} (${request.language})`);
  pdf.setCreator(deps.maker);
  const bytes = await pdf.save();
  const fileName = `paper-request-${safeFileName(request.serialNumber)}-${safeFileName(request.language)}.pdf`;
  await recordAudit(deps.db, context, {
    action: 'download',
    object: { kind: 'paper-request', id: request.id },
    after: { fileName, coverPages, pages: pdf.getPageCount(), documents: documents.map((document) => ({ serviceRef: document.serviceRef, version: document.resourceVersion, pages: document.pages })) },
  });
  return { fileName, bytes };
}
