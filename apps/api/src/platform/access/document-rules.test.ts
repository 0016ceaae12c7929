import { describe, expect, it } from 'vitest';
import { users } from '../../test/document-fixtures.ts';
import { mayDownload, mayReadVersion } from './index.ts';

/* The download and version rules of a document the viewer already sees: staff (employees, admins) always, others as the document allows. */

const outsiders = [users.customer, users.partner, users.publisher];
const staff = [users.employee, users.admin];

describe('mayDownload', () => {
  it('lets everyone download a downloadable document', () => {
    for (const viewer of [...outsiders, ...staff]) expect(mayDownload(viewer, { downloadable: 1 })).toBe(true);
  });

  it('lets only staff download a document that is not downloadable', () => {
    for (const viewer of outsiders) expect(mayDownload(viewer, { downloadable: 0 }), viewer.name).toBe(false);
    for (const viewer of staff) expect(mayDownload(viewer, { downloadable: 0 }), viewer.name).toBe(true);
  });
});

describe('mayReadVersion', () => {
  it('lets everyone read a published version', () => {
    for (const viewer of [...outsiders, ...staff]) expect(mayReadVersion(viewer, { status: 'published' })).toBe(true);
  });

  it('lets only staff read a withdrawn or draft version', () => {
    for (const status of ['withdrawn', 'draft', 'unpublished']) {
      for (const viewer of outsiders) expect(mayReadVersion(viewer, { status }), `${viewer.name} ${status}`).toBe(false);
      for (const viewer of staff) expect(mayReadVersion(viewer, { status }), `${viewer.name} ${status}`).toBe(true);
    }
  });
});
