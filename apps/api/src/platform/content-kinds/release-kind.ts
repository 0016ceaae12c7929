import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, DownloadItemKind, StoredFileColumns } from '../db/schema.ts';
import type { AppError } from '../errors.ts';
import type { ChangeOrigin, Emit, PortalEvents } from '../events/index.ts';

/*
 * A content kind published as releases: versions of an owner (a software item, a partner CAD library)
 * that each hold several files. One form reader and one service (modules/admin-software) publish every
 * such kind; each kind says here where its route is, what its metadata is, how its rows are written and
 * which event tells the rest of the portal. modules/content-kinds.ts lists the kinds the app publishes.
 */

/** One release being written: its owner, new id, validated metadata and the rows of its stored files. */
export interface NewRelease<Metadata> {
  ownerId: string;
  versionId: string;
  metadata: Metadata;
  files: StoredFileColumns[];
  /** The time of the change (ISO), for every row written. */
  now: string;
}

/** What a kind announces once its release is written: the release, the owner as staff see it now, and what `write` answered. */
export interface PublishedRelease<Metadata, Owner, Written> {
  release: NewRelease<Metadata>;
  owner: Owner;
  written: Written;
  origin: ChangeOrigin;
}

export interface ReleaseKind<MetadataSchema extends z.ZodType = z.ZodType, ParamsSchema extends z.ZodType = z.ZodType, Owner = unknown, Written = unknown> {
  /** The content kind the releases belong to (downloads, favourites). */
  kind: DownloadItemKind;
  route: {
    /** The POST path of a new release, e.g. `/api/Admin/software/:itemId/versions`. */
    url: string;
    params: ParamsSchema;
    ownerIdOf(params: z.infer<ParamsSchema>): string;
    /** The multipart `metadata` field. */
    metadata: MetadataSchema;
    /** The owner as answered (201) after the release. */
    response: z.ZodType<Owner>;
  };
  /** The label that must be unique per owner (a version number). */
  labelOf(metadata: z.infer<MetadataSchema>): string;
  /** The 409 message for a label the owner already has. */
  labelTaken(label: string): string;
  ownerNotFound(): AppError;
  ownerExists(db: Kysely<Database>, ownerId: string): Promise<boolean>;
  hasLabel(db: Kysely<Database>, ownerId: string, label: string): Promise<boolean>;
  /** The checks of the metadata beyond its schema that need the database (a referenced document exists …). */
  checkMetadata?(db: Kysely<Database>, metadata: z.infer<MetadataSchema>): Promise<void>;
  /** Writes the version, its files and whatever else the kind changes with it, inside the publishing transaction. */
  write(trx: Kysely<Database>, release: NewRelease<z.infer<MetadataSchema>>): Promise<Written>;
  /** The owner as staff see it (every version, whatever its audience). */
  load(db: Kysely<Database>, ownerId: string): Promise<Owner>;
  /** Emits the kind's event (its subscribers tell the followers and audit it). */
  announce(emit: Emit<PortalEvents>, published: PublishedRelease<z.infer<MetadataSchema>, Owner, Written>): Promise<void>;
}

/** Declares a release kind with its types inferred from the route's schemas. */
export const releaseKind = <MetadataSchema extends z.ZodType, ParamsSchema extends z.ZodType, Owner, Written>(
  kind: ReleaseKind<MetadataSchema, ParamsSchema, Owner, Written>,
): ReleaseKind<MetadataSchema, ParamsSchema, Owner, Written> => kind;
