import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicUnit } from '@portal/contracts/unit-identification';
import { setConfig } from '../../../lib/config';
import { initTestI18n, renderWithProviders, testConfig } from '../../../test/render';
import { PublicUnitPage } from './public-unit-page';

const known: PublicUnit = {
  serialNumber: 'R100-0001', identificationLink: 'https://id.example/id/R100-0001', maker: 'Acme Robotics', model: { code: 'R100', name: 'Robot R100', pictureUrl: '/public/units/R100-0001/picture' },
  declarations: [{
    title: 'EU declaration of conformity R100', languageCode: 'de', resourceVersion: 'A', publishedAt: '2025-01-01T00:00:00.000Z', fileName: 'doc.pdf',
    href: '/public/units/R100-0001/declarations/DOCDE?language=en',
  }],
};

function renderPage(answer: PublicUnit) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }));
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/units/R100-0001/public']}>
        <Routes><Route path="/units/:serial/public" element={<PublicUnitPage />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('PublicUnitPage', { timeout: 30_000 }, () => {
  beforeAll(() => {
    initTestI18n();
    setConfig(testConfig);
  });
  afterEach(() => vi.restoreAllMocks());

  it("links the model's declaration of conformity to open and to save, saying which language it is in", async () => {
    const fetch = renderPage(known);
    expect(await screen.findByTestId('public-unit-model')).toHaveTextContent('Robot R100');
    expect(fetch).toHaveBeenCalledWith('http://api.test/public/units/R100-0001?language=en', expect.anything());
    const declaration = screen.getByTestId('public-unit-declaration');
    expect(declaration).toHaveTextContent('Not available in your language: in DE');
    expect(screen.getByTestId('public-unit-declaration-open')).toHaveAttribute('href', 'http://api.test/public/units/R100-0001/declarations/DOCDE?language=en');
    expect(screen.getByTestId('public-unit-declaration-download')).toHaveAttribute('href', 'http://api.test/public/units/R100-0001/declarations/DOCDE?language=en&download=1');
  });

  it("shows the model's picture, named after the model, in a box reserved before it loads", async () => {
    renderPage(known);
    const picture = await screen.findByRole('img', { name: 'Robot R100' });
    expect(picture).toHaveAttribute('src', 'http://api.test/public/units/R100-0001/picture');
    expect(screen.getByTestId('public-unit-picture')).toContainElement(picture);
    fireEvent.error(picture);
    expect(screen.queryByTestId('public-unit-picture')).toBeNull();
    expect(screen.getByTestId('public-unit-model')).toHaveTextContent('Robot R100');
  });

  it('shows no picture for a model without one', async () => {
    renderPage({ ...known, model: { code: 'R100', name: 'Robot R100', pictureUrl: null } });
    expect(await screen.findByTestId('public-unit-model')).toHaveTextContent('Robot R100');
    expect(screen.queryByTestId('public-unit-picture')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Robot R100' })).toBeNull();
  });

  it('shows no declaration and no picture for an unknown serial', async () => {
    renderPage({ ...known, model: null, declarations: [] });
    expect(await screen.findByTestId('public-unit-unknown')).toBeInTheDocument();
    expect(screen.queryByTestId('public-unit-declarations')).toBeNull();
    expect(screen.queryByTestId('public-unit-picture')).toBeNull();
  });
});
