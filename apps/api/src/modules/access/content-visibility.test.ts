import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { fixtureTime, users } from '../../test/document-fixtures.ts';
import { softwareVersionVisible, subjectVisible } from './index.ts';

/*
 * The engine's answer for one software subject and for a software version (its item and itself),
 * with the grants read from content_access, on every test database.
 */

const item = { id: 'fw', audience: 'restricted' as const };
const openVersion = { id: 'fw-1', audience: 'everyone' as const };
const betaVersion = { id: 'fw-2-beta', audience: 'restricted' as const };

async function insertSoftware(db: Kysely<Database>): Promise<void> {
  const createdAt = fixtureTime;
  await db.insertInto('software_items').values({ ...item, equipmentName: 'FW', name: 'Firmware', category: 'firmware', createdAt, updatedAt: createdAt }).execute();
  await db.insertInto('software_versions').values([
    { ...openVersion, itemId: item.id, versionNumber: '1.0', releaseDate: '2026-01-01', status: 'current', releaseNotesDocumentId: null, createdAt },
    { ...betaVersion, itemId: item.id, versionNumber: '2.0', releaseDate: '2026-02-01', status: 'beta', releaseNotesDocumentId: null, createdAt },
  ]).execute();
  await db.insertInto('content_access').values([
    // The item: partners and the ACME account; the beta: partners only.
    { subjectType: 'software-item', subjectId: item.id, kind: 'role', value: 'partner', expiresAt: null, createdAt },
    { subjectType: 'software-item', subjectId: item.id, kind: 'account', value: 'ACME', expiresAt: null, createdAt },
    { subjectType: 'software-version', subjectId: betaVersion.id, kind: 'role', value: 'partner', expiresAt: null, createdAt },
    // A grant of the same id for another kind of subject opens nothing.
    { subjectType: 'software-item', subjectId: betaVersion.id, kind: 'account', value: 'ACME', expiresAt: null, createdAt },
  ]).execute();
}

describe.each(await testDialects())('software visibility on %s', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    await insertSoftware(handle.db);
  });
  afterAll(() => handle.destroy());

  it('answers for one subject from its audience and grants', async () => {
    const visible = (viewer: (typeof users)[keyof typeof users]) => subjectVisible(handle.db, viewer, 'software-item', item, (row) => row.id);
    expect(await visible(users.partner)).toBe(true);
    expect(await visible(users.customer)).toBe(true);
    expect(await visible(users.employee)).toBe(true);
    expect(await visible(users.otherCustomer)).toBe(false);
    expect(await visible(users.publisher)).toBe(false);
  });

  it('shows a version only to those its item and itself admit', async () => {
    const cases = [
      [users.partner, openVersion, true],
      [users.partner, betaVersion, true],
      [users.customer, openVersion, true],
      // The item admits ACME, the beta does not (the ACME grant under the beta's id is for an item).
      [users.customer, betaVersion, false],
      // An open version of an item the viewer may not see stays hidden.
      [users.otherCustomer, openVersion, false],
      [users.otherCustomer, betaVersion, false],
      [users.admin, betaVersion, true],
    ] as const;
    for (const [viewer, version, expected] of cases) {
      expect(await softwareVersionVisible(handle.db, viewer, { item, version }), `${viewer.name} ${version.id}`).toBe(expected);
    }
  });
});
