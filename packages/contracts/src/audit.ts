import { z } from 'zod';

/*
 * The audit log (admin only): append-only entries chained by hash. `GET /api/Admin/audit` pages them
 * newest first, `GET /api/Admin/audit/export` streams the same filters as CSV (oldest first), and
 * `GET /api/Admin/audit/verify` checks the chain.
 */

/** What an entry records. */
export const auditActions = [
  'publish',
  'version',
  'edit',
  'unpublish',
  'delete',
  'audience',
  'grant',
  'revoke',
  'import',
  'maintenance',
  'role',
  'sign-in',
  'download',
  'prune',
  'retry',
  'applicability',
  'create',
  'password',
  'disable',
  'enable',
  'erase',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** Kind of the object an entry is about: `document`, `version`, `software`, `cad`, `account`, `maintenance`, `audit` … */
export const auditObjectKindSchema = z.string().regex(/^[a-z][a-z-]{0,39}$/, 'is not an object kind such as document or version');

const isoTime = z.iso.datetime({ offset: true });

const filterFields = {
  /** E-mail (or operator name) of who acted, or their subject; exact, case-insensitive. */
  actor: z.string().trim().min(1).max(320).optional(),
  action: auditActionSchema.optional(),
  objectKind: auditObjectKindSchema.optional(),
  objectId: z.string().trim().min(1).max(320).optional(),
  /** Entries at or after this time. */
  from: isoTime.optional(),
  /** Entries before this time. */
  to: isoTime.optional(),
};

const orderedRange = (query: { from?: string; to?: string }) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to);
const rangeIssue = { message: 'must be later than from', path: ['to'] };

/** Query of `GET /api/Admin/audit/export`. */
export const auditFilterSchema = z.object(filterFields).refine(orderedRange, rangeIssue);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditPageSizeMax = 200;

/** Query of `GET /api/Admin/audit`: the filters, a page size and the cursor a previous page answered. */
export const auditListQuerySchema = z
  .object({
    ...filterFields,
    pageSize: z.coerce.number().int().min(1).max(auditPageSizeMax).default(50),
    /** `nextCursor` of the previous page: entries older than it. */
    cursor: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine(orderedRange, rangeIssue);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  /** Position in the chain (1, 2, 3 …). */
  seq: z.number().int(),
  at: z.string(),
  /** Who acted: an e-mail, or `operator <name>` for a command run on the server. */
  actor: z.string().nullable(),
  actorSub: z.string().nullable(),
  /** The actor's roles and customer account at that moment. */
  roles: z.array(z.string()),
  account: z.string().nullable(),
  action: auditActionSchema,
  object: z.object({ kind: z.string(), id: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * An entry as the log shows it to a person: the stored entry (unchanged, so the chain still verifies) and what
 * was looked up when the page was read: the actor's name, and the object's title and the reference its page
 * address uses (document reference, software equipment name, unit serial …); null when unknown or gone.
 */
export const auditLogEntrySchema = auditEntrySchema.extend({
  actorName: z.string().nullable(),
  objectTitle: z.string().nullable(),
  objectRef: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * The signed checkpoints the chain was checked against (how many of the newest were read, and the latest of
 * them); absent when no audit signing key is configured (the chain is then only checked against itself).
 */
const checkpointSummarySchema = z.object({ checked: z.number().int(), latest: z.object({ seq: z.number().int(), at: z.string() }).nullable() }).nullable();

/** Answer of `GET /api/Admin/audit/verify`. */
export const auditVerifySchema = z.union([
  z.object({
    intact: z.literal(true),
    entries: z.number().int(),
    /**
     * Entries rewritten by recorded erasures (present when any): format 2 checked through their kept digest,
     * format 1 whose content can no longer be checked (only their place in the chain).
     */
    erased: z.object({ entries: z.number().int(), contentUnverifiable: z.number().int() }).optional(),
    checkpoints: checkpointSummarySchema.optional(),
  }),
  z.object({
    intact: z.literal(false),
    /** The first entry that does not match the chain or its checkpoints (or the head when entries are missing at the end). */
    broken: z.object({ seq: z.number().int(), reason: z.string() }),
    checkpoints: checkpointSummarySchema.optional(),
  }),
]);
export type AuditVerify = z.infer<typeof auditVerifySchema>;
