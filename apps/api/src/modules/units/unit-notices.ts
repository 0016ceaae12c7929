import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminNotice, CreateNoticeBody, NoticeTranslationBody, UnitNotice } from '@portal/contracts/units';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { announceNotice } from '../alerts/index.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { referenceNames } from '../documents/index.ts';
import { noticeReach } from './notice-reach.ts';
import {
  closeNotice, findNotice, insertNotice, listNotices, openNoticesOf, saveTranslation, serialsOfProduct, translationsOf, type NoticeRow, type NoticeTranslationRow,
} from './notice.repository.ts';
import { noticeConcerns, parseOptions, type UnitFacts } from './unit-matching.ts';

/* Safety and change notices on a product's serial range: shown on the matching units' pages only, in the reader's language where the notice has it. */

const primary = (language: string) => language.slice(0, 2).toLowerCase();

/**
 * The notice as a reader of `language` sees it: its text in that language (the same language, or else one of the
 * same primary language, such as de-AT for de), else its source text; `language` in the answer says which.
 */
export function presentNotice(row: NoticeRow, translations: readonly NoticeTranslationRow[] = [], language = row.languageCode): UnitNotice {
  const source = { id: row.id, kind: row.kind, publishedAt: row.publishedAt, sourceLanguage: row.languageCode };
  const own = { title: row.title, body: row.body, language: row.languageCode };
  const texts = [own, ...translations.map((entry) => ({ title: entry.title, body: entry.body, language: entry.languageCode }))];
  const shown = texts.find((text) => text.language === language) ?? texts.find((text) => primary(text.language) === primary(language)) ?? own;
  return { ...source, ...shown };
}

function presentAdminNotice(row: NoticeRow, translations: readonly NoticeTranslationRow[]): AdminNotice {
  return {
    ...presentNotice(row),
    product: row.productCode, serialFrom: row.serialFrom, serialTo: row.serialTo, options: parseOptions(row.options), closedAt: row.closedAt,
    translations: translations.map((entry) => ({ language: entry.languageCode, title: entry.title, body: entry.body })),
  };
}

/** The open notices concerning each unit, by serial number, each in `language` where it has it (else in its source language). */
export async function noticesByUnit(db: Kysely<Database>, units: readonly UnitFacts[], language?: string): Promise<Map<string, UnitNotice[]>> {
  const notices = await openNoticesOf(db, units.map((unit) => unit.productCode));
  const translations = language === undefined ? new Map<string, NoticeTranslationRow[]>() : await translationsOf(db, notices.map((notice) => notice.id));
  const present = (notice: NoticeRow) => presentNotice(notice, translations.get(notice.id) ?? [], language ?? notice.languageCode);
  return new Map(
    units.map((unit) => [
      unit.serialNumber,
      notices.filter((notice) => noticeConcerns({ ...notice, options: parseOptions(notice.options) }, unit)).map(present),
    ]),
  );
}

/** Publishes a notice (audited as `publish` of a `notice`, in its transaction) and then announces it to the followers. */
export async function createNotice({ db }: { db: Kysely<Database> }, body: CreateNoticeBody, audit: AuditContext, at = new Date().toISOString()): Promise<AdminNotice> {
  if (!(await referenceNames(db, { types: [], products: [body.product] })).products.has(body.product)) {
    throw badRequest('invalidParameters', 'The notice names an unknown product.', [{ path: 'product', message: `"${body.product}" is not a known product` }]);
  }
  const id = randomUUID();
  const { notice, translations } = await db.transaction().execute(async (trx) => {
    await insertNotice(trx, {
      id, kind: body.kind, title: body.title, body: body.body, productCode: body.product, serialFrom: body.serialFrom, serialTo: body.serialTo,
      options: JSON.stringify(body.options), publishedAt: at, closedAt: null, languageCode: body.language,
    });
    for (const entry of body.translations) await saveTranslation(trx, { noticeId: id, languageCode: entry.language, title: entry.title, body: entry.body, updatedAt: at });
    const row = (await findNotice(trx, id))!;
    const texts = (await translationsOf(trx, [id])).get(id) ?? [];
    await recordAudit(trx, audit, { action: 'publish', object: { kind: 'notice', id }, after: auditedNotice(row, texts) });
    return { notice: row, translations: texts };
  });
  const concerned = serialsOfProduct(db, notice.productCode);
  await announceNotice(db, { id, kind: notice.kind, title: notice.title, body: notice.body, productCode: notice.productCode, serials: concerned }, noticeReach(db, notice));
  return presentAdminNotice(notice, translations);
}

/** What the audit keeps of a notice: everything customers are shown and whom it concerns. */
const auditedNotice = (row: NoticeRow, translations: readonly NoticeTranslationRow[]) => ({
  kind: row.kind, language: row.languageCode, title: row.title, body: row.body, product: row.productCode, serialFrom: row.serialFrom, serialTo: row.serialTo, options: parseOptions(row.options),
  translations: translations.map((entry) => ({ language: entry.languageCode, title: entry.title, body: entry.body })),
});

export async function listAllNotices({ db }: { db: Kysely<Database> }): Promise<AdminNotice[]> {
  const rows = await listNotices(db);
  const translations = await translationsOf(db, rows.map((row) => row.id));
  return rows.map((row) => presentAdminNotice(row, translations.get(row.id) ?? []));
}

/**
 * Adds the notice's text in one more language or replaces the one it had (audited as `edit` of the `notice`);
 * 404 for no notice of that id, 400 for the notice's own language.
 */
export async function translateNotice({ db }: { db: Kysely<Database> }, id: string, language: string, text: NoticeTranslationBody, audit: AuditContext, at = new Date().toISOString()): Promise<AdminNotice> {
  return db.transaction().execute(async (trx) => {
    const row = await findNotice(trx, id);
    if (!row) throw notFound('notFound', 'There is no notice with this id.');
    if (row.languageCode === language) {
      throw badRequest('invalidParameters', 'The notice is written in this language.', [{ path: 'language', message: `"${language}" is the notice's own language; edit it there` }]);
    }
    const before = (await translationsOf(trx, [id])).get(id) ?? [];
    await saveTranslation(trx, { noticeId: id, languageCode: language, title: text.title, body: text.body, updatedAt: at });
    const after = (await translationsOf(trx, [id])).get(id) ?? [];
    await recordAudit(trx, audit, { action: 'edit', object: { kind: 'notice', id }, before: auditedNotice(row, before), after: auditedNotice(row, after) });
    return presentAdminNotice(row, after);
  });
}

/** Closes a notice (it leaves the unit pages), audited as `unpublish` of the `notice`; 404 when there is no open notice of that id. */
export async function closeOpenNotice({ db }: { db: Kysely<Database> }, id: string, audit: AuditContext, at = new Date().toISOString()): Promise<AdminNotice> {
  return db.transaction().execute(async (trx) => {
    if (!(await closeNotice(trx, id, at))) throw notFound('notFound', 'There is no open notice with this id.');
    const row = (await findNotice(trx, id))!;
    const translations = (await translationsOf(trx, [id])).get(id) ?? [];
    await recordAudit(trx, audit, { action: 'unpublish', object: { kind: 'notice', id }, before: { closedAt: null }, after: { ...auditedNotice(row, translations), closedAt: row.closedAt } });
    return presentAdminNotice(row, translations);
  });
}
