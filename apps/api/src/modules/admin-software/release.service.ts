import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { NewRelease, ReleaseKind } from '../../platform/content-kinds/release-kind.ts';
import type { Database } from '../../platform/db/schema.ts';
import { conflict } from '../../platform/errors.ts';
import type { ChangeOrigin } from '../../platform/events/index.ts';
import type { StoredUpload } from '../../platform/uploads/index.ts';
import { inTransaction } from '../admin-documents/index.ts';
import { fileColumns } from './admin-software.rows.ts';
import type { PublishingDeps } from './admin-software.service.ts';

/* Publishes a release (a version with its files) of any kind in the registry: software versions, partner CAD library versions. */

/** A kind of the registry, whatever its route parameters. */
type AnyParamsKind<Schema extends z.ZodType, Owner, Written> = ReleaseKind<Schema, z.ZodType, Owner, Written>;

/** 404 for an unknown owner, 409 for a label it already has, then the kind's own checks. */
async function checkRelease<Schema extends z.ZodType>(kind: AnyParamsKind<Schema, unknown, unknown>, db: Kysely<Database>, ownerId: string, metadata: z.infer<Schema>): Promise<void> {
  if (!(await kind.ownerExists(db, ownerId))) throw kind.ownerNotFound();
  const label = kind.labelOf(metadata);
  if (await kind.hasLabel(db, ownerId, label)) throw conflict(kind.labelTaken(label));
  await kind.checkMetadata?.(db, metadata);
}

/** The checks of a new release that need no file: the route runs them before storing the uploads. */
export const precheckRelease = <Schema extends z.ZodType>(deps: PublishingDeps, kind: AnyParamsKind<Schema, unknown, unknown>, ownerId: string, metadata: z.infer<Schema>) =>
  checkRelease(kind, deps.db, ownerId, metadata);

/**
 * Adds a release with its stored files in one transaction: the kind's rows, then its event, whose
 * in-transaction subscribers queue the followers' alert job and write the audit entry. Answers the owner as staff see it.
 */
export async function publishRelease<Schema extends z.ZodType, Owner, Written>(
  deps: PublishingDeps,
  kind: AnyParamsKind<Schema, Owner, Written>,
  ownerId: string,
  metadata: z.infer<Schema>,
  uploads: readonly StoredUpload[],
  origin: ChangeOrigin,
): Promise<Owner> {
  return inTransaction(deps, kind.labelTaken(kind.labelOf(metadata)), async (trx, emit) => {
    await checkRelease(kind, trx, ownerId, metadata);
    const now = new Date().toISOString();
    const release: NewRelease<z.infer<Schema>> = { ownerId, versionId: randomUUID(), metadata, files: uploads.map((upload) => fileColumns(randomUUID(), upload, now)), now };
    const written = await kind.write(trx, release);
    const owner = await kind.load(trx, ownerId);
    await kind.announce(emit, { release, owner, written, origin });
    return owner;
  });
}
