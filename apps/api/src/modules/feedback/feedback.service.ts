import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  FeedbackBody,
  FeedbackItem,
  FeedbackList,
  FeedbackListQuery,
  FeedbackReceipt,
  FeedbackStatusBody,
  HelpfulShare,
} from '@portal/contracts/feedback';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ChangeOrigin, PortalEventBus } from '../../platform/events/index.ts';
import { resolveSubject } from './feedback-subjects.ts';
import {
  countForReaderSince,
  documentAnswerCounts,
  findFeedback,
  insertFeedback,
  listFeedback,
  updateFeedbackStatus,
  type FeedbackRow,
  type SubjectCounts,
} from './feedback.repository.ts';

/** At most this many answers per reader in an hour (a flood gets 429). */
export const feedbackRateLimit = { perHour: 20 } as const;

export interface FeedbackDeps {
  db: Kysely<Database>;
  /** Status changes are announced on it (`feedback.status-changed`: the audit entry, and the reader told of a fix). */
  events: PortalEventBus;
  /** Wakes the job runner once a change that queued a mail has committed. */
  afterCommit?: () => void;
  now?: () => Date;
}

const clock = (deps: FeedbackDeps) => (deps.now ?? (() => new Date()))();

export function presentFeedback(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    subject: { kind: row.subjectKind, id: row.subjectId, key: row.subjectKey, title: row.subjectTitle, versionId: row.versionId, versionLabel: row.versionLabel },
    helpful: row.helpful === 1,
    reason: row.reason,
    comment: row.comment,
    reader: row.readerName,
    language: row.language,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * A reader's answer on something they may see (404 otherwise, like a missing one). At most
 * `feedbackRateLimit.perHour` answers per reader and hour (429 beyond). The reader gets a receipt only.
 */
export async function submitFeedback(deps: FeedbackDeps, user: AuthUser, body: FeedbackBody, language: string | null): Promise<FeedbackReceipt> {
  const now = clock(deps);
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  if ((await countForReaderSince(deps.db, user.sub, hourAgo)) >= feedbackRateLimit.perHour) {
    throw new AppError(429, 'rateLimited', `You have sent ${feedbackRateLimit.perHour} answers in the last hour; try again later.`);
  }
  const subject = await resolveSubject(deps.db, user, body.subject);
  const createdAt = now.toISOString();
  const row: FeedbackRow = {
    id: randomUUID(),
    ...subject,
    readerSub: user.sub,
    readerName: user.name || user.email,
    language,
    helpful: body.helpful ? 1 : 0,
    reason: body.helpful ? null : (body.reason ?? null),
    comment: body.comment ?? '',
    status: 'new',
    note: '',
    createdAt,
    updatedAt: createdAt,
  };
  await insertFeedback(deps.db, row);
  return { id: row.id, createdAt };
}

const presentCounts = (counts: SubjectCounts) => ({
  kind: counts.subjectKind,
  id: counts.subjectId,
  title: counts.title,
  helpful: counts.helpful,
  notHelpful: counts.notHelpful,
  open: counts.open,
});

/** The console's triage queue (publishers and admins; the /api/Admin role hook gates it). */
export async function listFeedbackQueue(deps: FeedbackDeps, query: FeedbackListQuery): Promise<FeedbackList> {
  const filter = { status: query.status, subjectKind: query.subjectKind, subjectId: query.subjectId, helpful: query.helpful };
  const { rows, total, subjects } = await listFeedback(deps.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { items: rows.map(presentFeedback), total, subjects: subjects.map(presentCounts) };
}

const feedbackNotFound = () => notFound('notFound', 'There is no feedback with this id.');

/**
 * A new triage status with its note, audited through `feedback.status-changed` in the same transaction;
 * marking it `fixed` tells the reader who left it (the alerts subscribe).
 */
export async function changeFeedbackStatus(deps: FeedbackDeps, id: string, body: FeedbackStatusBody, origin: ChangeOrigin): Promise<FeedbackItem> {
  const updatedAt = clock(deps).toISOString();
  const updated = await deps.events.transaction(deps.db, async (trx, emit) => {
    const row = await findFeedback(trx, id);
    if (!row) throw feedbackNotFound();
    const change = { status: body.status, note: body.note, updatedAt };
    if (!(await updateFeedbackStatus(trx, id, row.status, change))) throw new AppError(409, 'conflict', 'The feedback was changed meanwhile; reload it.');
    await emit('feedback.status-changed', {
      feedbackId: id,
      readerSub: row.readerSub,
      subjectKind: row.subjectKind,
      subjectTitle: row.subjectTitle,
      link: row.link,
      before: { status: row.status, note: row.note },
      status: body.status,
      note: body.note,
      origin,
    });
    return { ...row, ...change };
  });
  deps.afterCommit?.();
  return presentFeedback(updated);
}

/** The helpful share of each of these documents (the console's documents table); documents without answers have none. */
export async function helpfulShares(db: Kysely<Database>, documentIds: readonly string[]): Promise<HelpfulShare[]> {
  const counts = new Map((await documentAnswerCounts(db, documentIds)).map((entry) => [entry.subjectId, entry]));
  return documentIds.map((documentId) => {
    const entry = counts.get(documentId);
    const helpful = entry?.helpful ?? 0;
    const notHelpful = entry?.notHelpful ?? 0;
    const answers = helpful + notHelpful;
    return { documentId, helpful, notHelpful, share: answers === 0 ? null : helpful / answers };
  });
}
