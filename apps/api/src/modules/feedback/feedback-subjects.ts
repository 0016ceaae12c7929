import type { Kysely } from 'kysely';
import type { FeedbackSubject } from '@portal/contracts/feedback';
import type { AuthUser } from '@portal/contracts/users';
import { documentNotFound, softwareItemNotFound } from '../../platform/content-kinds/not-found.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { assertCanReadDocument, readableDocumentVersion } from '../documents/index.ts';
import { readableItem } from '../software/index.ts';
import { readableUnit } from '../units/index.ts';
import type { FeedbackRow } from './feedback.repository.ts';

/** What the feedback row keeps of its subject. */
export type ResolvedSubject = Pick<FeedbackRow, 'subjectKind' | 'subjectId' | 'subjectKey' | 'subjectTitle' | 'link' | 'versionId' | 'versionLabel'>;

/** A subject the reader may not see answers as a missing one: feedback never tells that something exists. */
async function hiddenAsMissing<T>(lookup: () => Promise<T>, missing: () => AppError): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) throw missing();
    throw error;
  }
}

/** The subject the reader answers on, when they may see it (404 otherwise, like one that does not exist). */
export async function resolveSubject(db: Kysely<Database>, user: AuthUser, subject: FeedbackSubject): Promise<ResolvedSubject> {
  switch (subject.kind) {
    case 'document': {
      const document = await hiddenAsMissing(() => assertCanReadDocument(db, user, subject.documentId), () => documentNotFound());
      const version = await hiddenAsMissing(() => readableDocumentVersion(db, user, document.id, subject.versionId), () => documentNotFound());
      return {
        subjectKind: 'document',
        subjectId: document.id,
        subjectKey: document.serviceRef,
        subjectTitle: document.title,
        link: `/DocumentLink/${encodeURIComponent(`${document.serviceRef}-${version.resourceVersion}`)}`,
        versionId: subject.versionId ? version.id : null,
        versionLabel: subject.versionId ? version.resourceVersion : null,
      };
    }
    case 'software': {
      const item = await hiddenAsMissing(() => readableItem(db, user, subject.equipmentName), () => softwareItemNotFound('equipment'));
      return {
        subjectKind: 'software',
        subjectId: item.id,
        subjectKey: item.equipmentName,
        subjectTitle: item.name,
        link: `/software/${encodeURIComponent(item.equipmentName)}`,
        versionId: null,
        versionLabel: null,
      };
    }
    case 'unit': {
      // readableUnit already answers 404 for a unit the reader may not see.
      const unit = await readableUnit(db, user, subject.serial);
      return {
        subjectKind: 'unit',
        subjectId: unit.id,
        subjectKey: unit.serialNumber,
        subjectTitle: `${unit.serialNumber} (${unit.productCode})`,
        link: `/units/${encodeURIComponent(unit.serialNumber)}`,
        versionId: null,
        versionLabel: null,
      };
    }
  }
}
