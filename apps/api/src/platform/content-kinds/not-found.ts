import { notFound, type AppError } from '../errors.ts';

/*
 * The 404 of each content kind, declared once: every module that looks up a document, a software item, a
 * partner CAD library or a unit (or one of their versions) throws these, so a kind answers the same stable code
 * (design.md §6) wherever it is missing. Something the caller may not see is answered like something absent.
 * Where today's answers name how the thing was looked up, the factory takes that as its argument.
 */

/** No such document (absent, unpublished or hidden). Given ids, the answer names them (the first ten). */
export const documentNotFound = (ids: readonly string[] = []): AppError =>
  notFound('documentNotFound', ids.length > 0 ? `No document has the id ${ids.slice(0, 10).join(', ')}.` : 'The document does not exist.');

const documentVersionMessages = {
  /** A version id the document does not have (or the caller may not read). */
  unknown: 'The document has no such version.',
  /** The document has no published version at all. */
  unpublished: 'The document has no published version.',
  /** No version the caller may download. */
  undownloadable: 'The document has no version to download.',
} as const;

export const documentVersionNotFound = (missing: keyof typeof documentVersionMessages = 'unknown'): AppError =>
  notFound('versionNotFound', documentVersionMessages[missing]);

const softwareMessages = {
  /** By id, on the publishing side. */
  id: 'The software item does not exist.',
  /** By equipment name, on the portal's side. */
  equipment: 'There is no software for this equipment.',
  /** By id, to follow it. */
  follow: 'There is no such software.',
} as const;

export const softwareItemNotFound = (lookup: keyof typeof softwareMessages = 'id'): AppError => notFound('notFound', softwareMessages[lookup]);

/** A version the software item does not have: `staff` on the publishing side, `portal` where users browse. */
export const softwareVersionNotFound = (side: 'staff' | 'portal' = 'staff'): AppError =>
  notFound('versionNotFound', side === 'staff' ? 'The software item has no such version.' : 'This software has no such version.');

/** Release notes are documents: a file name that none of the item's versions has answers like a missing document. */
export const releaseNotesNotFound = (): AppError => notFound('documentNotFound', 'This software has no release notes of that name.');

/** A partner CAD library: `staff` on the publishing side, `portal` where users browse. */
export const cadLibraryNotFound = (side: 'staff' | 'portal' = 'staff'): AppError =>
  notFound('notFound', side === 'staff' ? 'The CAD library does not exist.' : 'There is no such partner library.');

export const cadLibraryVersionNotFound = (): AppError => notFound('versionNotFound', 'This partner library has no such version.');

/** One answer for a serial number that does not exist or that the user may not see. */
export const unitNotFound = (): AppError => notFound('unitNotFound', 'There is no unit with this serial number.');
