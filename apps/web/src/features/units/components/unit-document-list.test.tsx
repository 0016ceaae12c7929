import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UnitDocument, UnitNotice } from '@portal/contracts/units';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { UnitDocumentList } from './unit-document-list';
import { UnitNotices } from './unit-notices';

const version = (resourceVersion: string, publishedAt: string) => ({ versionId: `v-${resourceVersion}`, resourceVersion, publishedAt, fileName: `m_${resourceVersion}.pdf`, published: true });
const manual: UnitDocument = {
  id: 'd1', serviceRef: 'D28092504', title: 'ARM-6 manual', typeCode: 'manual', languageCode: 'en',
  current: version('C', '2026-05-19T09:00:00.000Z'), atShipment: version('A', '2025-03-03T09:00:00.000Z'),
};

describe('unit page parts', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('links the current version and, beside it, the version valid at delivery', () => {
    renderWithProviders(<MemoryRouter><UnitDocumentList title="Documents" documents={[manual, { ...manual, id: 'd2', serviceRef: 'D2', title: 'Data sheet', atShipment: null }]} testId="docs" /></MemoryRouter>);
    const [first, second] = screen.getAllByTestId('unit-document');
    expect(within(first!).getByRole('link', { name: 'ARM-6 manual' })).toHaveAttribute('href', '/DocumentLink/D28092504');
    expect(within(first!).getByTestId('unit-document-at-shipment')).toHaveAttribute('href', '/DocumentLink/D28092504-A');
    expect(within(second!).queryByTestId('unit-document-at-shipment')).toBeNull();
  });

  it('shows nothing for an empty list, and a banner per notice', () => {
    const notices: UnitNotice[] = [{ id: 'n1', kind: 'safety', title: 'Check the brake', body: 'Test it.', publishedAt: '2026-01-01T00:00:00.000Z' }];
    renderWithProviders(<MemoryRouter><UnitDocumentList title="Own" documents={[]} testId="own" /><UnitNotices notices={notices} /></MemoryRouter>);
    expect(screen.queryByTestId('own')).toBeNull();
    expect(screen.getByTestId('unit-notice')).toHaveTextContent('Safety notice: Check the brake');
  });
});
