import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { documentVisible, releaseNotesFor } from './release-access.ts';

/* The alerts' re-check of a document (before a notification and again before its mail), as the access engine answers it, on every test database. */

describe.each(await testDialects())('the alerts’ document re-check on %s', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    await insertReferenceData(handle.db);
    await insertDocument(handle.db, { id: 'open', audience: 'everyone' });
    await insertDocument(handle.db, { id: 'acme-only', audience: 'restricted', rules: [{ kind: 'account', value: 'ACME' }] });
    await insertDocument(handle.db, { id: 'unpublished', audience: 'everyone', status: 'unpublished' });
  });
  afterAll(() => handle.destroy());

  it('lets through those the document’s audience admits', async () => {
    expect(await documentVisible(handle.db, users.customer, 'open')).toBe(true);
    expect(await documentVisible(handle.db, users.customer, 'acme-only')).toBe(true);
    expect(await documentVisible(handle.db, users.employee, 'unpublished')).toBe(true);
  });

  it('stops those outside the audience, an unpublished document and an unknown one', async () => {
    expect(await documentVisible(handle.db, users.otherCustomer, 'acme-only')).toBe(false);
    expect(await documentVisible(handle.db, users.partner, 'acme-only')).toBe(false);
    expect(await documentVisible(handle.db, users.customer, 'unpublished')).toBe(false);
    expect(await documentVisible(handle.db, users.customer, 'missing')).toBe(false);
  });

  it('names release notes only to those who may read them', async () => {
    expect(await releaseNotesFor(handle.db, users.customer, 'acme-only')).toBe('Title of acme-only');
    expect(await releaseNotesFor(handle.db, users.otherCustomer, 'acme-only')).toBe('');
    expect(await releaseNotesFor(handle.db, users.customer, null)).toBe('');
  });
});
