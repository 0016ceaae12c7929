import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { findVersionBySha256, highestReferenceNumber } from '../documents/index.ts';
import { titleOfFile } from './document-title.ts';
import type { ImportItem } from './import-plan.ts';
import { parseReferenceScheme, referenceCounter } from './reference-scheme.ts';

/*
 * Files whose name says nothing (`arm6-revD.pdf`) get the title they give themselves (a PDF's metadata or
 * first heading, an Office file's title property; the name's words only when they give none) and the next
 * reference of the numbering scheme. A file whose bytes are already a version of a document is that
 * version again (the import then skips it): re-running an import numbers nothing twice.
 */

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** The items with reference and title completed for those the plan marked `unnamed`; the others as they were. Writes nothing. */
export async function completeDerivedItems(db: Kysely<Database>, items: ImportItem[], scheme: string): Promise<ImportItem[]> {
  if (!items.some((item) => item.unnamed)) return items;
  const parsed = parseReferenceScheme(scheme);
  const next = referenceCounter(parsed, await highestReferenceNumber(db, parsed.prefix, parsed.digits));
  const completed: ImportItem[] = [];
  for (const item of items) {
    if (!item.unnamed) {
      completed.push(item);
      continue;
    }
    const existing = await findVersionBySha256(db, await sha256Of(item.path));
    const title = (await titleOfFile(item.path, basename(item.relativePath))) || item.metadata.title;
    const reference = existing ?? { serviceRef: next(), resourceVersion: item.metadata.resourceVersion };
    completed.push({ ...item, metadata: { ...item.metadata, title, serviceRef: reference.serviceRef, resourceVersion: reference.resourceVersion } });
  }
  return completed;
}
