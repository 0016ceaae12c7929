import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { documentSubject, subjectFacts, type AudienceRule } from '../../platform/access/index.ts';
import { SearchCatalog } from './search-catalog.ts';
import { SearchCatalogBuilder } from './search-catalog-builder.ts';

const now = '2026-06-01T00:00:00.000Z';
const grantEnds = '2026-06-02T00:00:00.000Z';

const viewer = (name: string, roles: AuthUser['roles'], account: string | null): AuthUser => ({ sub: name, email: `${name}@example.com`, name, roles, account });
const partner = viewer('pat', ['partner'], null);
const fay = viewer('Fay', ['customer'], 'HOOLI');
const acme = viewer('carla', ['customer'], 'ACME');
const admin = viewer('ada', ['admin'], null);

function catalogOf(documents: Array<{ rowid: number; audience: 'everyone' | 'restricted'; rules?: AudienceRule[] }>): SearchCatalog {
  const builder = new SearchCatalogBuilder();
  for (const document of documents) {
    const facts = subjectFacts(documentSubject, { audience: document.audience, status: 'published', currentVersionId: `v${document.rowid}` });
    builder.addDocument(document.rowid, `d${document.rowid}`, `d${document.rowid} document`, 'manual', 'en', facts);
    for (const rule of document.rules ?? []) builder.addRule(document.rowid, rule);
  }
  return new SearchCatalog(builder, Int32Array.from(documents, (document) => document.rowid));
}

const catalog = catalogOf([
  { rowid: 1, audience: 'everyone' },
  { rowid: 2, audience: 'restricted', rules: [{ kind: 'role', value: 'partner', expiresAt: null }] },
  { rowid: 3, audience: 'restricted', rules: [{ kind: 'user', value: 'fay@example.com', expiresAt: grantEnds }] },
  { rowid: 4, audience: 'restricted', rules: [{ kind: 'account', value: 'ACME', expiresAt: '2026-05-01T00:00:00.000Z' }] },
  { rowid: 5, audience: 'restricted', rules: [{ kind: 'role', value: 'partner', expiresAt: null }] },
  { rowid: 6, audience: 'restricted' },
]);

function visibleRowids(user: AuthUser, at: string): number[] {
  const answer = catalog.query({ marks: null, user, now: at, type: [], product: [], language: [], sort: 'newest', limit: 10, offset: 0 });
  return [...answer.page].sort((a, b) => a - b);
}

describe('SearchCatalog visibility (the access engine in memory)', () => {
  it('shows each viewer what the audience rule admits', () => {
    expect(visibleRowids(partner, now)).toEqual([1, 2, 5]);
    expect(visibleRowids(fay, now)).toEqual([1, 3]);
    expect(visibleRowids(acme, now)).toEqual([1]);
    expect(visibleRowids(admin, now)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('stops showing a document once the grant it relied on expires, although the answer was cached', () => {
    expect(visibleRowids(fay, now)).toEqual([1, 3]);
    expect(visibleRowids(fay, grantEnds)).toEqual([1]);
  });

  it('says until when an answer holds: the first expiry of a grant it weighed, never one already past', () => {
    const validUntil = (user: AuthUser, at: string) =>
      catalog.query({ marks: null, user, now: at, type: [], product: [], language: [], sort: 'newest', limit: 10, offset: 0 }).validUntil;
    expect(validUntil(fay, now)).toBe(grantEnds);
    expect(validUntil(fay, grantEnds)).toBe('9999');
    expect(validUntil(admin, now)).toBe('9999');
  });
});
