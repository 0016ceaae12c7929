import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { fileExtension } from '@portal/contracts/previews';
import type { ImportPreviewBody, ImportPreviewFile } from '@portal/contracts/admin-import';
import type { Database } from '../../platform/db/schema.ts';
import { checkUploadType } from '../admin-documents/index.ts';
import { existingCodes, findDocumentByServiceRef, findVersionByLabel } from '../documents/index.ts';
import type { ImportPlan } from './import-plan.ts';

/*
 * The dry run of an import: what each planned file would become (a new document, a new version of one,
 * skipped as already there, refused and why), read from the database and the files without writing
 * anything: no row, no stored file, no event.
 */

export type ImportPreview = Omit<ImportPreviewBody, 'source' | 'kind'>;

/** Bytes looked at to tell a file's type, as the upload intake does. */
const sniffBytes = 256 * 1024;

async function head(path: string): Promise<{ bytes: Buffer; size: number }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.alloc(Math.min(size, sniffBytes));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return { bytes: bytes.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}

/** Why the intake would refuse the file (its type, content or size), or undefined when it would take it. */
async function refusalOf(path: string, name: string, maxBytes: number): Promise<string | undefined> {
  const { bytes, size } = await head(path);
  if (size === 0) return 'The file is empty.';
  if (size > maxBytes) return `The file is larger than the ${maxBytes} bytes allowed.`;
  const { fileTypeFromBuffer } = await import('file-type');
  const verdict = checkUploadType(fileExtension(name), (await fileTypeFromBuffer(bytes))?.ext, bytes);
  return verdict.ok ? undefined : verdict.reason;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** What importing the plan's items would do, file by file; the codes it would create; the plan's problems as refusals. */
export async function previewImport(db: Kysely<Database>, plan: ImportPlan, maxBytes: number): Promise<ImportPreview> {
  const files: ImportPreviewFile[] = [];
  // Versions planned earlier in this import: a second file for the same document becomes its version.
  const planned = new Map<string, Set<string>>();
  for (const item of plan.items) {
    const { metadata } = item;
    const described = {
      path: item.relativePath,
      serviceRef: metadata.serviceRef,
      title: metadata.title,
      typeCode: metadata.typeCode,
      languageCode: metadata.languageCode,
      products: metadata.products,
      resourceVersion: metadata.resourceVersion,
    };
    const refusal = await refusalOf(item.path, basename(item.relativePath), maxBytes);
    if (refusal) {
      files.push({ ...described, action: 'refuse', reason: refusal });
      continue;
    }
    const document = await findDocumentByServiceRef(db, metadata.serviceRef);
    const version = document ? await findVersionByLabel(db, document.id, metadata.resourceVersion) : undefined;
    const labels = planned.get(metadata.serviceRef) ?? new Set<string>();
    if (version) {
      const same = (await sha256Of(item.path)) === version.sha256;
      files.push(same ? { ...described, action: 'skip', reason: 'already imported with the same content' } : { ...described, action: 'refuse', reason: `version ${metadata.resourceVersion} of ${metadata.serviceRef} exists with other content` });
      continue;
    }
    if (labels.has(metadata.resourceVersion)) {
      files.push({ ...described, action: 'refuse', reason: `another file of this import is version ${metadata.resourceVersion} of ${metadata.serviceRef}` });
      continue;
    }
    files.push({ ...described, action: document || labels.size > 0 ? 'version' : 'document' });
    planned.set(metadata.serviceRef, labels.add(metadata.resourceVersion));
  }
  const types = [...new Set(plan.items.map((item) => item.metadata.typeCode))];
  const products = [...new Set(plan.items.flatMap((item) => item.metadata.products))];
  const [knownTypes, knownProducts] = await Promise.all([existingCodes(db, 'document_types', types), existingCodes(db, 'products', products)]);
  const count = (action: ImportPreviewFile['action']) => files.filter((file) => file.action === action).length;
  return {
    summary: { documents: count('document'), versions: count('version'), skipped: count('skip'), refused: count('refuse') + plan.problems.length },
    files: files.sort((a, b) => a.path.localeCompare(b.path)),
    notImportable: plan.problems,
    ignoredFolders: plan.ignoredFolders,
    created: [...types.filter((code) => !knownTypes.has(code)).map((code) => `type ${code}`), ...products.filter((code) => !knownProducts.has(code)).map((code) => `product ${code}`)],
  };
}
