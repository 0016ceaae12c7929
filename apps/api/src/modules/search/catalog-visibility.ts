import { LRUCache } from 'lru-cache';
import type { AuthUser } from '@portal/contracts/users';
import { audienceCheck, documentSubject, grantsChangeAt, viewerKey, type GrantFacts, type SubjectFacts } from '../../platform/access/index.ts';
import type { SearchCatalogBuilder } from './search-catalog-builder.ts';

/**
 * Which of the catalog's documents a user may see, by the access engine's rule, from what the rule
 * reads of each document (its facts, few distinct kinds) and its grants (few distinct sets).
 */
export class CatalogVisibility {
  private readonly size: number;
  private readonly facts: Uint16Array;
  private readonly factKinds: readonly SubjectFacts[];
  /** Each document's grants, as an index into `grantSets` (-1: none); documents share few distinct sets. */
  private readonly grantSet: Int32Array;
  private readonly grantSets: GrantFacts[][] = [];
  private readonly cache = new LRUCache<string, { visible: Uint8Array; computedAt: string; validUntil: string }>({ max: 32 });

  /** `positionOf` maps a document's search rowid to its position in the catalog (-1 when absent). */
  constructor(from: SearchCatalogBuilder, positionOf: (rowid: number) => number) {
    this.size = from.searchRowids.length;
    this.facts = Uint16Array.from(from.facts);
    this.factKinds = from.factKinds;
    this.grantSet = new Int32Array(this.size).fill(-1);
    const grantSetIndexes = new Map<string, number>();
    for (const [rowid, rules] of from.rules) {
      const position = positionOf(rowid);
      if (position < 0) continue;
      const key = JSON.stringify(rules);
      let index = grantSetIndexes.get(key);
      if (index === undefined) {
        index = this.grantSets.push(rules) - 1;
        grantSetIndexes.set(key, index);
      }
      this.grantSet[position] = index;
    }
  }

  /**
   * 1 for each document the user may see. Kept per audience until the first of the grants it
   * relied on expires, so most searches skip the grants altogether.
   */
  visibleTo(user: AuthUser, now: string): { visible: Uint8Array; validUntil: string } {
    const key = viewerKey(user);
    const cached = this.cache.get(key);
    if (cached && cached.computedAt <= now && now < cached.validUntil) return cached;
    const check = audienceCheck(user, documentSubject, now);
    // The answer depends only on the facts and the grants: once per kind of facts, and once per
    // pair of facts and grant set actually met (0 not yet asked, 1 hidden, 2 visible).
    const withoutGrants = Uint8Array.from(this.factKinds, (facts) => (check(facts, []) ? 1 : 0));
    const sets = this.grantSets.length;
    const verdicts = new Uint8Array(this.factKinds.length * sets);
    const visible = new Uint8Array(this.size);
    let validUntil = '9999';
    for (let position = 0; position < this.size; position++) {
      const facts = this.facts[position];
      const set = this.grantSet[position];
      if (set < 0 || withoutGrants[facts] === 1) {
        visible[position] = withoutGrants[facts];
        continue;
      }
      const slot = facts * sets + set;
      if (verdicts[slot] === 0) {
        verdicts[slot] = check(this.factKinds[facts], this.grantSets[set]) ? 2 : 1;
        validUntil = grantsChangeAt(this.grantSets[set], now, validUntil);
      }
      visible[position] = verdicts[slot] - 1;
    }
    const answer = { visible, computedAt: now, validUntil };
    this.cache.set(key, answer);
    return answer;
  }
}
