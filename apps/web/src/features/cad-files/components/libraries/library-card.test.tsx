import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CadPartnerLibrariesResponse } from '@portal/contracts/cad';
import { fakeContentApi, json } from '../../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../../test/render';
import { LibraryCard } from './library-card';

const library: CadPartnerLibrariesResponse['tools'][number]['libraries'][number] = {
  id: 'lib-1',
  name: 'R100 for SolidWorks',
  description: 'Every R100 part as SolidWorks models.',
  productCodes: ['R100'],
  versions: [{ id: 'v-52', version: '5.2', releaseDate: '2026-03-01', notes: 'Adds the ceiling mount.', files: [], totalSize: 0, zipPath: 'cad/libraries/lib-1/5.2.zip' }],
};

describe('LibraryCard', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('follows the library, so that its next versions are told, and stops following it', async () => {
    let followed = false;
    const { fetch } = fakeContentApi({
      '/api/Follows': () =>
        json(200, { items: followed ? [{ kind: 'cad-library', itemId: 'lib-1', title: library.name, automatic: false, createdAt: '2026-03-01T00:00:00.000Z' }] : [] }),
      '/api/Follows/cad-library/lib-1': (_url, init) => {
        followed = init.method === 'PUT';
        return followed ? json(200, { kind: 'cad-library', itemId: 'lib-1', title: library.name, automatic: false, createdAt: '2026-03-01T00:00:00.000Z' }) : new Response(null, { status: 204 });
      },
    });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LibraryCard library={library} highlighted={false} />
      </QueryClientProvider>,
    );
    const toggle = await screen.findByRole('button', { name: 'Follow R100 for SolidWorks' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    expect(await screen.findByRole('button', { name: 'Following R100 for SolidWorks' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetch).toHaveBeenCalledWith('http://api.test/api/Follows/cad-library/lib-1', expect.objectContaining({ method: 'PUT' }));

    await userEvent.click(screen.getByRole('button', { name: 'Following R100 for SolidWorks' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow R100 for SolidWorks' })).toHaveAttribute('aria-pressed', 'false'));
    expect(fetch).toHaveBeenLastCalledWith('http://api.test/api/Follows/cad-library/lib-1', expect.objectContaining({ method: 'DELETE' }));
  });
});
