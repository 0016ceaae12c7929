import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HandoverClasses } from '@portal/contracts/handover';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { HandoverClassesPage } from './handover-classes-page';

const listing: HandoverClasses = {
  classes: [
    { classId: '02-01', nameEn: 'Technical specification', nameDe: 'Technische Spezifikation', irdi: '0173-1#07-ABU485#003' },
    { classId: '03-02', nameEn: 'Operation', nameDe: 'Bedienung', irdi: '0173-1#07-ABU490#003' },
  ],
  types: [
    { typeCode: 'datasheet', typeName: 'Data sheet', classId: '02-01' },
    { typeCode: 'manual', typeName: 'Manual', classId: null },
  ],
};

/** The select's input (Mantine labels its option list with the same name). */
const classInput = async (type: string) => (await screen.findAllByLabelText(`VDI 2770 class of ${type}`)).find((element) => element.tagName === 'INPUT')!;

function renderPage() {
  const api = fakeContentApi({
    '/api/Admin/handover/classes': () => json(200, listing),
    '/api/Admin/handover/classes/manual': () => json(200, { ...listing, types: [listing.types[0], { ...listing.types[1], classId: '03-02' }] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <HandoverClassesPage />
    </QueryClientProvider>,
  );
  return api;
}

describe('VDI 2770 classes in the console', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('shows each document type\'s class and saves a new one through PUT', async () => {
    const api = renderPage();
    expect(await classInput('Data sheet')).toHaveValue('02-01 Technical specification');
    const manual = await classInput('Manual');
    expect(manual).toHaveValue('');
    await userEvent.click(manual);
    await userEvent.click(await screen.findByRole('option', { name: '03-02 Operation' }));
    await waitFor(() => expect(api.calls('/api/Admin/handover/classes/manual')).toHaveLength(1));
    const [, init] = api.fetch.mock.calls.find(([url]) => String(url).endsWith('/api/Admin/handover/classes/manual'))!;
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ classId: '03-02' });
    await waitFor(async () => expect(await classInput('Manual')).toHaveValue('03-02 Operation'));
  });
});
