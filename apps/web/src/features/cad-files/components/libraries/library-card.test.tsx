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

  it('offers a 3D preview beside the CAD files that have one', async () => {
    fakeContentApi({ '/api/Follows': () => json(200, { items: [] }) });
    const file = { size: 2048, sha256: 'a'.repeat(64), mediaType: 'model/step' };
    const withModel = {
      ...library,
      versions: [
        {
          ...library.versions[0],
          files: [
            { ...file, id: 'f-1', fileName: 'r100-base.step', modelPreview: { data: '/files/t/r100-base.glb', sizeMm: [120, 80, 40] as [number, number, number], triangles: 1200 } },
            { ...file, id: 'f-2', fileName: 'r100-notes.txt' },
          ],
        },
      ],
    };
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LibraryCard library={withModel} highlighted={false} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: '3D preview of r100-base.step', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '3D preview of r100-notes.txt', hidden: true })).not.toBeInTheDocument();
  });
});
