import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HandoverImportReport } from '@portal/contracts/handover';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { fakeUploads } from '../../../test/fake-uploads';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { HandoverImportSection } from './handover-import-section';

const report: HandoverImportReport = {
  format: 'aasx',
  product: 'R100',
  unit: 'R100-0001',
  taken: [{ source: 'Documents[0]', documentId: 'doc-1', typeCode: 'manual', language: 'de', version: '2.1', title: 'Betriebsanleitung' }],
  refused: [{ source: 'Documents[1] (SUP-CT-1, version 1)', reason: 'its class "04-01" is no VDI 2770 class a document type maps to' }],
};

function renderSection() {
  fakeContentApi({ '/api/Admin/products': () => json(200, { items: [{ code: 'R100', name: 'Robot R100', family: 'robots', lifetimeYears: 10 }] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <HandoverImportSection />
    </QueryClientProvider>,
  );
}

describe('import of a supplier handover in the console', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the AASX for the unit chosen and shows what was taken and what was refused', async () => {
    const sent = fakeUploads(() => ({ status: 200, body: report }));
    renderSection();
    const user = userEvent.setup();
    const start = screen.getByRole('button', { name: 'Import as drafts' });
    expect(start).toBeDisabled();
    await user.click(screen.getByText('A unit'));
    await user.type(screen.getByLabelText('Serial number of the unit'), 'R100-0001');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['PK'], 'unit.aasx', { type: 'application/zip' }));
    await user.click(start);
    expect(await screen.findByText('1 document versions taken into R100 as drafts, 1 refused.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: 'http://api.test/api/Admin/handover-imports', method: 'POST', metadata: { unit: 'R100-0001' } });
    expect(sent[0]!.files.map((file) => file.name)).toEqual(['unit.aasx']);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Betriebsanleitung')).toBeInTheDocument();
    expect(within(table).getByText('2.1')).toBeInTheDocument();
    expect(screen.getByText(/is no VDI 2770 class a document type maps to/)).toBeInTheDocument();
  });
});
