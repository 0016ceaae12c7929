import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test/test-databases.ts';
import { withDemoSeedLock } from './seed-marker.repository.ts';

describe.each(await testDialects())('the demo seed lock on %s', (dialect) => {
  it('answers what the work returns; on PostgreSQL, seeds started together run one after the other', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const steps: string[] = [];
      const seed = (name: string) =>
        withDemoSeedLock(database.db, async () => {
          steps.push(`${name} starts`);
          await delay(150);
          steps.push(`${name} ends`);
          return name;
        });
      expect(await Promise.all([seed('one'), seed('other')])).toEqual(['one', 'other']);
      if (dialect === 'postgres') {
        const first = steps[0]!.split(' ')[0];
        const second = first === 'one' ? 'other' : 'one';
        expect(steps).toEqual([`${first} starts`, `${first} ends`, `${second} starts`, `${second} ends`]);
      }
      // A failed seed lets the next one run.
      await expect(withDemoSeedLock(database.db, () => Promise.reject(new Error('interrupted')))).rejects.toThrow('interrupted');
      expect(await withDemoSeedLock(database.db, async () => 'after')).toBe('after');
    } finally {
      await database.destroy();
    }
  });
});
