import { describe, expect, it } from 'vitest';
import { translationStatusOf } from './translation-status.ts';

const versions = (...labels: string[]) => labels.map((label) => ({ resourceVersion: label.replace('*', ''), significant: label.endsWith('*') ? 0 : 1 }));
const follows = (followsRevision: string) => ({ sourceLanguage: 'en', followsRevision });

describe('translationStatusOf (source versions newest first; * = minor)', () => {
  it('is behind when a significant revision is newer than the one followed', () => {
    expect(translationStatusOf(follows('A'), 'src', versions('D', 'C*', 'B', 'A'))).toEqual({
      sourceLanguage: 'en', follows: 'A', sourceLatest: 'D', sourceDocumentId: 'src', behind: true,
    });
  });
  it('is up to date when only minor revisions came after the one followed', () => {
    expect(translationStatusOf(follows('B'), 'src', versions('D*', 'C*', 'B', 'A'))).toMatchObject({ sourceLatest: 'B', behind: false });
  });
  it('is up to date when following a minor revision newer than the latest significant one', () => {
    expect(translationStatusOf(follows('C'), 'src', versions('C*', 'B', 'A'))).toMatchObject({ sourceLatest: 'B', behind: false });
  });
  it('is behind when it follows a revision the source does not have, and up to date without a source', () => {
    expect(translationStatusOf(follows('X'), 'src', versions('B', 'A'))).toMatchObject({ behind: true, sourceLatest: 'B' });
    expect(translationStatusOf(follows('A'), null, [])).toMatchObject({ behind: false, sourceLatest: null, sourceDocumentId: null });
  });
});
