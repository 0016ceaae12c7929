import { describe, expect, it } from 'vitest';
import { entryFault, entryHash, personalDigest, type ChainedEntry } from './audit-chain.ts';

const base: ChainedEntry = {
  seq: 7, at: '2026-11-28T10:00:00.000Z', actor: 'ann@acme.example', actorSub: 'sub-ann', actorRoles: '["customer"]', actorAccount: 'ACME-001',
  action: 'download', objectKind: 'document', objectId: 'manual1', before: null, after: '{"email":"ann@acme.example"}', address: '192.0.2.7',
  userAgent: 'Firefox', hashFormat: 2, personalSalt: 'aa'.repeat(16), personalDigest: null,
};
const written = (entry: ChainedEntry) => {
  const withDigest = { ...entry, personalDigest: personalDigest(entry.personalSalt!, entry) };
  return { ...withDigest, prevHash: 'b'.repeat(64), hash: entryHash('b'.repeat(64), withDigest) };
};

describe('audit hash format 2', () => {
  it('holds once the personal fields are replaced by a pseudonym and the salt is dropped, keeping the digest', () => {
    const entry = written(base);
    const erased = { ...entry, actor: 'erased-1', actorSub: 'erased-1', after: '{"email":"erased-1"}', address: null, userAgent: null, personalSalt: null };
    expect(entryHash(erased.prevHash, erased)).toBe(entry.hash);
    // Without a recorded erasure a dropped salt is itself a break.
    expect(entryFault(erased)).toMatch(/salt missing/);
  });

  it('detects an edited personal or other field while the salt is there', () => {
    const entry = written(base);
    expect(entryFault(entry)).toBeUndefined();
    expect(entryFault({ ...entry, after: '{"email":"eve@evil.example"}' })).toMatch(/hash differs/);
    expect(entryFault({ ...entry, actorAccount: 'EVIL' })).toMatch(/hash differs/);
    expect(entryFault({ ...entry, personalDigest: 'c'.repeat(64), personalSalt: null })).toMatch(/salt missing/);
    expect(entryFault({ ...entry, hashFormat: 1 })).toMatch(/hash differs/);
  });

  it('keeps format 1 entries hashing every field as before', () => {
    const v1 = { ...base, hashFormat: 1, personalSalt: null };
    const hash = entryHash('0'.repeat(64), v1);
    expect(entryFault({ ...v1, prevHash: '0'.repeat(64), hash })).toBeUndefined();
    expect(entryHash('0'.repeat(64), { ...v1, actor: 'erased-1' })).not.toBe(hash);
  });
});
