import { describe, expect, it } from 'vitest';
import { parseDocumentLink } from './document-link-ref';

describe('parseDocumentLink', () => {
  it('reads a bare serviceRef as "the newest version"', () => {
    expect(parseDocumentLink('D28092504')).toEqual({ serviceRef: 'D28092504', resourceVersion: undefined });
  });

  it('reads the version after the first dash', () => {
    expect(parseDocumentLink('D28092504-B')).toEqual({ serviceRef: 'D28092504', resourceVersion: 'B' });
    expect(parseDocumentLink('D28092504-2.1')).toEqual({ serviceRef: 'D28092504', resourceVersion: '2.1' });
  });

  it('keeps later dashes in the version', () => {
    expect(parseDocumentLink('AB12-rc-1')).toEqual({ serviceRef: 'AB12', resourceVersion: 'rc-1' });
  });

  it('treats a trailing dash as no version', () => {
    expect(parseDocumentLink('AB12-')).toEqual({ serviceRef: 'AB12', resourceVersion: undefined });
  });

  it.each(['', '-B', '-', 'D 1', 'D_1-A', 'D.1', 'é1-A', '../etc'])('refuses %j (no letters-and-digits serviceRef)', (documentData) => {
    expect(parseDocumentLink(documentData)).toBeNull();
  });
});
