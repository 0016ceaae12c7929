import { z } from 'zod';

/*
 * Alerts: what a user follows, the notifications made when something new is published for them,
 * and how they want to be mailed about it.
 */

export const followKinds = ['document', 'software', 'product', 'search', 'unit', 'cad-library'] as const;
export type FollowKind = (typeof followKinds)[number];

/**
 * PUT and DELETE /api/Follows/:kind/:itemId. A document, software item or partner CAD library by
 * id, a product by code, a unit by serial number, a search by its resources query (`q=…&product=…`,
 * URL-encoded as one path segment).
 */
export const followParamsSchema = z.object({
  kind: z.enum(followKinds),
  itemId: z.string().trim().min(1).max(2000),
});
export type FollowParams = z.infer<typeof followParamsSchema>;

export const followSchema = z.object({
  kind: z.enum(followKinds),
  /** For a search, the query as stored (normalised). */
  itemId: z.string(),
  /** The item's title or name when it was followed; the query for a search. */
  title: z.string(),
  /** Followed by downloading it rather than by choice. */
  automatic: z.boolean(),
  /** Its news also comes by mail (as the mail preference says); false: only in the portal. */
  mail: z.boolean(),
  createdAt: z.string(),
});
export type Follow = z.infer<typeof followSchema>;

/** PATCH /api/Follows/:kind/:itemId: whether this item's news also comes by mail. */
export const followMailBodySchema = z.object({ mail: z.boolean() }).strict();
export type FollowMailBody = z.infer<typeof followMailBodySchema>;

/** GET /api/Follows: the user's follows, newest first. */
export const followListResponseSchema = z.object({ items: z.array(followSchema) });
export type FollowListResponse = z.infer<typeof followListResponseSchema>;

/**
 * `notice`: a safety or change notice on units the user may see (`documentId` is the notice's id,
 * `versionLabel` its kind, `changeNote` its text). `newSoftwareVersion` and `newCadRelease`: a
 * software version or a partner CAD library version (`documentId` is the item's or library's id,
 * `versionLabel` the version, `changeNote` its release notes). `paperRequest`: a step of the user's own
 * request for printed instructions (`documentId` is the request's id, `title` the unit's serial number,
 * `versionLabel` the state reached: requested, printed or shipped; `changeNote` language, due date and the shipping note).
 * `translationCaughtUp`: a followed translation caught up with its source (`versionId` is `caught-up:` and the
 * translation's version that follows the source's latest significant revision, `versionLabel` that version).
 */
export const notificationEvents = ['newDocument', 'newVersion', 'notice', 'newSoftwareVersion', 'newCadRelease', 'paperRequest', 'translationCaughtUp', 'feedbackFixed'] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

export const notificationSchema = z.object({
  id: z.string(),
  event: z.enum(notificationEvents),
  documentId: z.string(),
  title: z.string(),
  versionLabel: z.string(),
  changeNote: z.string(),
  /**
   * The portal path to open: a document link (`/DocumentLink/{serviceRef}-{version}`), a software
   * page, the partner libraries or a unit page; opening it checks access again.
   */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/Notifications: newest first. */
export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  /** Unread notifications of the user, on every page. */
  unread: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** POST /api/Notifications/read: the given notifications, or all of them. */
export const markNotificationsReadBodySchema = z.union([
  z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

export const markNotificationsReadResponseSchema = z.object({ unread: z.number().int() });

export const emailFrequencies = ['immediate', 'daily', 'weekly', 'off'] as const;
export type EmailFrequency = (typeof emailFrequencies)[number];

export const mailLanguages = ['en-US', 'fr-FR', 'de-DE'] as const;
export type MailLanguage = (typeof mailLanguages)[number];

/** GET /api/Me/preferences. */
export const preferencesSchema = z.object({
  /** How notifications are mailed: one mail each, a daily or weekly digest, or none. */
  email: z.enum(emailFrequencies),
  /** Downloading a document follows it (its later versions notify the user). */
  autoFollowDownloads: z.boolean(),
  /** Language of the mails. */
  language: z.enum(mailLanguages),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PUT /api/Me/preferences: the fields given change. */
export const updatePreferencesBodySchema = preferencesSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'names no preference to change');
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

/** One mail kept in DATA_DIR/outbox/ (without SMTP_URL): what the console lists. */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  size: z.number().int(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET /api/Admin/outbox (admin): the kept mails, newest first; `smtp` when mails go to SMTP_URL instead. */
export const outboxListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const outboxListResponseSchema = z.object({
  items: z.array(outboxMailSchema),
  total: z.number().int(),
  delivery: z.enum(['outbox', 'smtp']),
});
export type OutboxListResponse = z.infer<typeof outboxListResponseSchema>;

/** GET /api/Admin/outbox/:id answers the message itself (message/rfc822). */
export const outboxMailParamsSchema = z.object({ id: z.string().min(1).max(100) });
