import type { Kysely } from 'kysely';
import type { ExpiringRetention } from '@portal/contracts/retention';
import type { Database } from '../../platform/db/schema.ts';
import { findDocumentById } from '../documents/index.ts';
import { documentsWithRules } from './retention.repository.ts';
import { today, versionRetention, type RetainedVersion } from './retention.ts';

const day = 24 * 60 * 60_000;
const documentBatch = 200;
/** The most versions one answer lists (soonest ends first); `total` counts them all. */
export const expiringListLimit = 1000;

/**
 * The versions whose retention ends within `days` from now (today included), soonest first: after that
 * date they may be deleted. Walks the documents that have applicability rules in batches.
 */
export async function expiringRetention(db: Kysely<Database>, days: number, now = new Date()): Promise<ExpiringRetention> {
  const from = today(now);
  const to = today(new Date(now.getTime() + days * day));
  const found: RetainedVersion[] = [];
  let after: string | null = null;
  for (;;) {
    const documentIds = await documentsWithRules(db, after, documentBatch);
    if (documentIds.length === 0) break;
    after = documentIds.at(-1)!;
    for (const retained of (await versionRetention(db, documentIds)).values()) {
      if (retained.until >= from && retained.until <= to) found.push(retained);
    }
  }
  found.sort((a, b) => a.until.localeCompare(b.until) || a.version.id.localeCompare(b.version.id));
  const listed = found.slice(0, expiringListLimit);
  const documents = new Map<string, Awaited<ReturnType<typeof findDocumentById>>>();
  for (const documentId of new Set(listed.map((retained) => retained.version.documentId))) documents.set(documentId, await findDocumentById(db, documentId));
  return {
    days,
    total: found.length,
    items: listed.map(({ version, until }) => {
      const document = documents.get(version.documentId);
      return {
        documentId: version.documentId,
        serviceRef: document?.serviceRef ?? '',
        title: document?.title ?? '',
        versionId: version.id,
        resourceVersion: version.resourceVersion,
        status: version.status,
        retainedUntil: until,
      };
    }),
  };
}
