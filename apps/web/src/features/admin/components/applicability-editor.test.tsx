import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { ApplicabilityEditor, applicabilityBody } from './applicability-editor';

const render = (documentId: string) =>
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApplicabilityEditor documentId={documentId} />
    </QueryClientProvider>,
  );

describe('applicability editor', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('loads the rules, adds one and saves them with PUT', async () => {
    const api = fakeContentApi({
      '/api/Admin/units/applicability/man-en': (_url, init) =>
        json(200, init.method === 'PUT' ? { documentId: 'man-en', ...JSON.parse(String(init.body)) } : { documentId: 'man-en', rules: [{ product: 'R100', option: null, serialFrom: null, serialTo: null }], unit: null }),
    });
    render('man-en');
    expect(await screen.findByDisplayValue('R100')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const products = screen.getAllByRole('textbox', { name: 'Product' });
    await userEvent.type(products[1]!, 'G20');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Option code' })[1]!, 'ceiling');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Applicability saved.')).toBeInTheDocument();
    const [, init] = api.fetch.mock.calls.find(([, call]) => call.method === 'PUT')!;
    expect(JSON.parse(String(init.body))).toEqual({
      rules: [{ product: 'R100', option: null, serialFrom: null, serialTo: null }, { product: 'G20', option: 'ceiling', serialFrom: null, serialTo: null }],
      unit: null,
    });
  });

  it('builds the body of a document of one unit, and drops blank rules', () => {
    expect(applicabilityBody('unit', [{ product: 'R100', option: '', serialFrom: '', serialTo: '' }], ' R100-0001 ')).toEqual({ rules: [], unit: 'R100-0001' });
    expect(applicabilityBody('rules', [{ product: ' ', option: 'x', serialFrom: '', serialTo: '' }], '')).toEqual({ rules: [], unit: null });
  });
});
