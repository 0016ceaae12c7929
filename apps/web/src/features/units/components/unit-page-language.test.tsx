import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UnitDetail, UnitDocument } from '@portal/contracts/units';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { UnitPage } from './unit-page';

const current = { versionId: 'v-C', resourceVersion: 'C', fileName: 'm.pdf', publishedAt: '2026-05-19T09:00:00.000Z', published: true, keptUntil: null };
const english: UnitDocument = { id: 'man-en', serviceRef: 'D1', title: 'ARM-6 manual', typeCode: 'manual', languageCode: 'en', downloadable: true, current, atShipment: null };
const german: UnitDocument = { ...english, id: 'man-de', serviceRef: 'D2', title: 'ARM-6 Handbuch', languageCode: 'de' };

const unit = (documents: UnitDocument[]): UnitDetail => ({
  serialNumber: 'R100-0001', model: { code: 'R100', name: 'Robot R100' }, options: [], account: 'ACME-001', siteName: 'Plant 1',
  shippedAt: '2025-07-01T00:00:00.000Z', servicePartners: [], identificationLink: 'https://id.example/R100-0001', openNotices: 0,
  documents, ownDocuments: [], declarations: [], software: [], cadSet: null, notices: [], offlinePackage: { version: 'de.0123456789abcdef', outdated: null },
});

describe('the unit page in German', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n('de-DE'));

  it('asks for the German documents, lists the German manual first and writes no ISO date', async () => {
    // The API puts the language asked for first (unit.service.ts): the fake answers like it.
    fakeContentApi({
      '/api/Units/R100-0001': (url) => json(200, unit(url.searchParams.get('language') === 'de' ? [german, english] : [english, german])),
      '/api/Follows': () => json(200, { items: [] }),
    });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <UnitPage serial="R100-0001" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const page = await screen.findByTestId('unit-page');
    const titles = within(screen.getByTestId('unit-documents')).getAllByText(/ARM-6/).map((element) => element.textContent);
    expect(titles).toEqual(['ARM-6 Handbuch', 'ARM-6 manual']);
    expect(page.textContent).toContain('19.05.2026');
    expect(page.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
