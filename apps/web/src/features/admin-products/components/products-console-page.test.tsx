import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateProductBodySchema, type AdminProduct } from '@portal/contracts/retention';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { ProductsConsolePage } from './products-console-page';

const r100: AdminProduct = { code: 'R100', name: 'Robot R100', family: 'robots', lifetimeYears: 10 };

/** The products API, refusing a bad lifetime the way the server does (its schema, its 400 body). */
function renderPage() {
  const api = fakeContentApi({
    '/api/Admin/products': () => json(200, { items: [r100, { code: 'C20', name: 'Conveyor C20', family: 'conveyors', lifetimeYears: 1 }] }),
    '/api/Admin/products/R100': (_url, init) => {
      const body = updateProductBodySchema.safeParse(JSON.parse(String(init.body)));
      return body.success
        ? json(200, { ...r100, ...body.data })
        : json(400, { error: 'invalidParameters', message: 'The request has invalid parameters.', details: body.error.issues.map((issue) => ({ path: `body.${issue.path.join('.')}`, message: issue.message })) });
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ProductsConsolePage />
    </QueryClientProvider>,
  );
  return api;
}

async function openR100() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit product R100' }));
  const dialog = await screen.findByRole('dialog');
  return { dialog, input: within(dialog).getByRole('textbox', { name: /^Expected lifetime \(years\)/ }) };
}

describe('product lifetime in the console', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('lists each product with its lifetime and explains what the lifetime does', async () => {
    renderPage();
    const row = (await screen.findByText('Robot R100')).closest('tr')!;
    expect(within(row).getByText('10 years')).toBeInTheDocument();
    expect(within(screen.getByText('Conveyor C20').closest('tr')!).getByText('1 year')).toBeInTheDocument();
    const { input } = await openR100();
    expect(input).toHaveValue('10');
    expect(input).toHaveAccessibleDescription('Instructions stay available for the later of ten years after the last unit shipped and this lifetime.');
  });

  it('saves a new lifetime through PATCH', async () => {
    const api = renderPage();
    const { input } = await openR100();
    await userEvent.clear(input);
    await userEvent.type(input, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/api/Admin/products/R100')).toHaveLength(1));
    const [, init] = api.fetch.mock.calls.find(([url]) => String(url).endsWith('/api/Admin/products/R100'))!;
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ lifetimeYears: 25 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['0', 'The lifetime must be at least 1 year.'],
    ['150', 'The lifetime must be at most 100 years.'],
    ['2.5', 'The lifetime must be a whole number of years.'],
    ['', 'The lifetime must be a whole number of years.'],
  ])('shows the API reason under the field for %j', async (typed, shown) => {
    renderPage();
    const { dialog, input } = await openR100();
    await userEvent.clear(input);
    if (typed) await userEvent.type(input, typed);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(shown)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
