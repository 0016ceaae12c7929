import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { FeedbackItemsTable } from './feedback.tables.ts';

export type FeedbackRow = Selectable<FeedbackItemsTable>;

export async function insertFeedback(db: Kysely<Database>, row: FeedbackRow): Promise<void> {
  await db.insertInto('feedback_items').values(row).execute();
}

export async function findFeedback(db: Kysely<Database>, id: string): Promise<FeedbackRow | undefined> {
  return db.selectFrom('feedback_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The audit log's names of feedback items among `ids`: "Feedback on <the title of what it answers>", by id. */
export async function feedbackTitles(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { title: string; ref: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('feedback_items').select(['id', 'subjectTitle']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, { title: `Feedback on ${row.subjectTitle}`, ref: row.id }]));
}

/** Feedback a reader left since `since` (ISO time): the per-user rate limit counts it. */
export async function countForReaderSince(db: Kysely<Database>, readerSub: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('feedback_items')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('readerSub', '=', readerSub)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Sets the status and note when the item is still in `from`; false when another change won meanwhile. */
export async function updateFeedbackStatus(
  db: Kysely<Database>,
  id: string,
  from: FeedbackItemsTable['status'],
  change: Pick<FeedbackRow, 'status' | 'note' | 'updatedAt'>,
): Promise<boolean> {
  const result = await db.updateTable('feedback_items').set(change).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface FeedbackFilter {
  status?: FeedbackItemsTable['status'];
  subjectKind?: FeedbackItemsTable['subjectKind'];
  subjectId?: string;
  helpful?: boolean;
}

function filtered(db: Kysely<Database>, filter: FeedbackFilter) {
  let query = db.selectFrom('feedback_items');
  if (filter.status) query = query.where('feedback_items.status', '=', filter.status);
  if (filter.subjectKind) query = query.where('feedback_items.subjectKind', '=', filter.subjectKind);
  if (filter.subjectId) query = query.where('feedback_items.subjectId', '=', filter.subjectId);
  if (filter.helpful !== undefined) query = query.where('feedback_items.helpful', '=', filter.helpful ? 1 : 0);
  return query;
}

export interface SubjectCounts {
  subjectKind: FeedbackItemsTable['subjectKind'];
  subjectId: string;
  title: string;
  helpful: number;
  notHelpful: number;
  open: number;
}

const countsSelect = (db: Kysely<Database>) =>
  db
    .selectFrom('feedback_items')
    .select((eb) => [
      'subjectKind',
      'subjectId',
      eb.fn.max('subjectTitle').as('title'),
      eb.fn.sum<number | string>(eb.case().when('helpful', '=', 1).then(1).else(0).end()).as('helpful'),
      eb.fn.sum<number | string>(eb.case().when('helpful', '=', 0).then(1).else(0).end()).as('notHelpful'),
      eb.fn.sum<number | string>(eb.case().when('status', 'in', ['new', 'inProgress']).then(1).else(0).end()).as('open'),
    ])
    .groupBy(['subjectKind', 'subjectId']);

const toCounts = (row: { subjectKind: FeedbackItemsTable['subjectKind']; subjectId: string; title: string | null; helpful: number | string | null; notHelpful: number | string | null; open: number | string | null }): SubjectCounts => ({
  subjectKind: row.subjectKind,
  subjectId: row.subjectId,
  title: row.title ?? '',
  helpful: Number(row.helpful ?? 0),
  notHelpful: Number(row.notHelpful ?? 0),
  open: Number(row.open ?? 0),
});

/**
 * One page of the triage queue: the items grouped by subject (the subjects with the most open items first),
 * newest first within one subject, with the counts of the page's subjects.
 */
export async function listFeedback(
  db: Kysely<Database>,
  filter: FeedbackFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: FeedbackRow[]; total: number; subjects: SubjectCounts[] }> {
  // Every subject's open count orders the queue; a correlated subquery keeps it one statement on both databases.
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll('feedback_items')
      .orderBy(
        (eb) =>
          eb
            .selectFrom('feedback_items as o')
            .select((inner) => inner.fn.countAll<number | string>().as('openCount'))
            .whereRef('o.subjectKind', '=', 'feedback_items.subjectKind')
            .whereRef('o.subjectId', '=', 'feedback_items.subjectId')
            .where('o.status', 'in', ['new', 'inProgress']),
        'desc',
      )
      .orderBy('feedback_items.subjectKind')
      .orderBy('feedback_items.subjectId')
      .orderBy('feedback_items.createdAt', 'desc')
      .orderBy('feedback_items.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const subjectIds = [...new Set(rows.map((row) => row.subjectId))];
  const onPage = new Set(rows.map((row) => `${row.subjectKind}:${row.subjectId}`));
  const counted = subjectIds.length === 0 ? [] : await countsSelect(db).where('subjectId', 'in', subjectIds).execute();
  const subjects = counted.map(toCounts).filter((entry) => onPage.has(`${entry.subjectKind}:${entry.subjectId}`));
  return { rows, total: Number(count.count), subjects };
}

/** Yes and no counts of these documents (those without answers are left out). */
export async function documentAnswerCounts(db: Kysely<Database>, documentIds: readonly string[]): Promise<SubjectCounts[]> {
  if (documentIds.length === 0) return [];
  return (await countsSelect(db).where('subjectKind', '=', 'document').where('subjectId', 'in', documentIds).execute()).map(toCounts);
}
