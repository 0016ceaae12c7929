import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CadCatalogueResponse, CadConfigurationResponse } from '@portal/contracts/cad';
import { renderWithProviders } from '../../../test/render';

/** Renders a CAD tab at `url` with a fresh query client; the router tells where the page navigated. */
export function renderCadPage(element: ReactElement, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/cadFiles/*', element }], { initialEntries: [url] });
  const view = renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, search: () => new URLSearchParams(router.state.location.search) };
}

export const testCatalogue: CadCatalogueResponse = {
  families: [
    {
      code: 'articulated',
      name: 'Six-axis articulated robots',
      description: 'ARM-6 and its variants.',
      models: [
        {
          code: 'ARM6',
          name: 'Six-axis robot ARM-6',
          description: '6 kg payload.',
          revision: 'C',
          optionGroups: [
            { code: 'mounting', label: 'Mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'wall', label: 'Wall' }] },
            { code: 'armLength', label: 'Arm length', values: [{ code: 'arm-900', label: '900 mm' }, { code: 'arm-1200', label: '1200 mm' }] },
          ],
          exclusions: [{ values: ['wall', 'arm-1200'], reason: 'the 1200 mm arm exceeds the load rating of the wall bracket.' }],
        },
      ],
    },
    { code: 'scara', name: 'SCARA robots', description: 'Pick and place.', models: [] },
  ],
};

const file = (id: string, fileName: string, size: number) => ({ id, fileName, size, sha256: id.padEnd(64, '0'), mediaType: 'model/step' });

export function testConfiguration(options: string[]): CadConfigurationResponse {
  const id = `ARM6/${options.join(',')}`;
  return {
    configurationId: id,
    model: { code: 'ARM6', name: 'Six-axis robot ARM-6', revision: 'C' },
    options: [
      { group: 'mounting', groupLabel: 'Mounting', value: options[0]!, label: options[0]! },
      { group: 'armLength', groupLabel: 'Arm length', value: options[1]!, label: options[1]! },
    ],
    formats: [
      { format: 'step', label: 'STEP AP214', tool: null, files: [file('a1', 'ARM6-base.stp', 2048), file('a2', 'ARM6-arm.stp', 4096)], totalSize: 6144, zipPath: `cad/${id}/step` },
      { format: 'iges', label: 'IGES', tool: null, files: [file('b1', 'ARM6-base.igs', 1024)], totalSize: 1024, zipPath: `cad/${id}/iges` },
    ],
    zipPath: `cad/${id}`,
  };
}
