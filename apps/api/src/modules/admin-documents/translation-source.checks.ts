import { badRequest } from '../../platform/errors.ts';

/** What of a document names its source: both set on a translation, both null on a source. */
export interface TranslationSourceFields {
  languageCode: string;
  sourceLanguage: string | null;
  followsRevision: string | null;
}

/** A translation names its source language and the source revision it follows, together; its source is in another language. */
export function assertTranslationSource({ languageCode, sourceLanguage, followsRevision }: TranslationSourceFields): void {
  if ((sourceLanguage === null) !== (followsRevision === null)) {
    const path = sourceLanguage === null ? 'sourceLanguage' : 'followsRevision';
    throw badRequest('invalidParameters', 'A translation names both its source language and the source revision it follows.', [
      { path, message: 'is required with ' + (path === 'sourceLanguage' ? 'followsRevision' : 'sourceLanguage') },
    ]);
  }
  if (sourceLanguage !== null && sourceLanguage === languageCode) {
    throw badRequest('invalidParameters', 'A translation cannot follow a source in its own language.', [
      { path: 'sourceLanguage', message: `is the document's own language "${languageCode}"` },
    ]);
  }
}

/** A new version may name the source revision it follows only on a translation. */
export function assertFollowsOnTranslation(document: { sourceLanguage: string | null }, followsRevision: string | null | undefined): void {
  if (typeof followsRevision === 'string' && document.sourceLanguage === null) {
    throw badRequest('invalidParameters', 'Only a translation follows a source revision.', [
      { path: 'followsRevision', message: 'the document names no source language' },
    ]);
  }
}
