import { describe, expect, it } from 'vitest';
import type { DocumentVersion } from '@portal/contracts/documents';
import { earlierModelVersions } from './model-versions';

const version = (id: string, resourceVersion: string, fileName: string): DocumentVersion => ({
  id,
  resourceVersion,
  fileName,
  size: 1,
  mediaType: 'model/step',
  publishedAt: '2026-01-01T00:00:00Z',
  changeNote: '',
  pageCount: null,
  status: 'published',
  isCurrent: false,
});

describe('earlierModelVersions', () => {
  // Newest first, as documentData lists them.
  const versions = [version('v4', 'D', 'gripper-d.step'), version('v3', 'C', 'gripper-c.stp'), version('v2', 'B', 'gripper-b.pdf'), version('v1', 'A', 'gripper-a.igs')];

  it('offers the versions older than the current one that are CAD models too', () => {
    expect(earlierModelVersions({ versions, currentVersionId: 'v4' }, undefined).map((entry) => entry.resourceVersion)).toEqual(['C', 'A']);
  });

  it('counts from the version shown (a link to an older one), and offers nothing for the oldest or an unknown one', () => {
    expect(earlierModelVersions({ versions, currentVersionId: 'v4' }, 'v3').map((entry) => entry.resourceVersion)).toEqual(['A']);
    expect(earlierModelVersions({ versions, currentVersionId: 'v4' }, 'v1')).toEqual([]);
    expect(earlierModelVersions({ versions, currentVersionId: null }, undefined)).toEqual([]);
  });
});
