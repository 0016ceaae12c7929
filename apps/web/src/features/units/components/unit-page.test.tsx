import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Follow } from '@portal/contracts/alerts';
import type { UnitDetail } from '@portal/contracts/units';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { UnitPage } from './unit-page';

const unit: UnitDetail = {
  serialNumber: 'R100-0001',
  model: { code: 'R100', name: 'Robot R100' },
  options: [{ code: 'floor', label: 'Floor' }],
  account: 'ACME-001',
  siteName: 'Plant 1',
  shippedAt: '2025-07-01T00:00:00.000Z',
  servicePartners: [],
  identificationLink: 'https://id.example/R100-0001',
  openNotices: 0,
  documents: [],
  ownDocuments: [],
  declarations: [],
  software: [],
  cadSet: null,
  notices: [],
  offlinePackage: { version: 'en.abc', outdated: null },
};

const follow: Follow = { kind: 'unit', itemId: 'R100-0001', title: 'R100 R100-0001', automatic: false, mail: true, createdAt: '2026-03-01T00:00:00.000Z' };

describe('UnitPage', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('follows the unit by its serial number, to be told of notices on it', async () => {
    let followed = false;
    const { fetch } = fakeContentApi({
      '/api/Units/R100-0001': () => json(200, unit),
      '/api/Follows': () => json(200, { items: followed ? [follow] : [] }),
      '/api/Follows/unit/R100-0001': (_url, init) => {
        followed = init.method === 'PUT';
        return followed ? json(200, follow) : new Response(null, { status: 204 });
      },
    });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <UnitPage serial="R100-0001" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByTestId('unit-page');
    const toggle = screen.getByTestId('follow-toggle-unit');
    expect(toggle).toHaveTextContent('Follow');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('title', 'Be told of safety and change notices on this machine');

    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('follow-toggle-unit')).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('follow-toggle-unit')).toHaveTextContent('Following');
    expect(screen.getByTestId('follow-toggle-unit')).toHaveAttribute('title', 'Stop being told of notices on this machine');
    expect(fetch).toHaveBeenCalledWith('http://api.test/api/Follows/unit/R100-0001', expect.objectContaining({ method: 'PUT' }));
  });

  it('leads back to My equipment through its breadcrumbs, ending with the unit itself', async () => {
    fakeContentApi({ '/api/Units/R100-0001': () => json(200, unit), '/api/Follows': () => json(200, { items: [] }) });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <UnitPage serial="R100-0001" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByTestId('unit-page');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'My equipment' })).toHaveAttribute('href', '/units');
    expect(within(trail).getByText('Robot R100')).toHaveAttribute('aria-current', 'page');
  });
});
