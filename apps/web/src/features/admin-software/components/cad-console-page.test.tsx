import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminCadLibrary, CatalogueImportReport } from '@portal/contracts/admin-software';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { fakeUploads } from '../../../test/fake-uploads';
import { CadConsolePage } from './cad-console-page';

const library: AdminCadLibrary = {
  id: 'lib-1', cadTool: 'EPLAN', name: 'EPLAN macros R100', description: '', productCodes: ['R100', 'R200'], audience: 'restricted',
  access: [{ kind: 'role', value: 'partner', expiresAt: null }], createdAt: '2026-01-01T00:00:00.000Z',
  versions: [
    {
      id: 'lv-1', version: '2026.1', releaseDate: '2026-02-01', notes: 'New gripper macros', totalSize: 4096, createdAt: '2026-02-01T00:00:00.000Z',
      files: [{ id: 'f-1', fileName: 'r100.edz', size: 4096, sha256: 'bb', mediaType: 'application/octet-stream' }],
    },
  ],
};

const report = (applied: boolean): CatalogueImportReport => ({
  format: 'csv', dryRun: !applied, applied,
  counts: { families: 2, models: 5, optionGroups: 8, optionValues: 21, exclusions: 3 },
  added: { families: [], models: ['R300'] }, removed: { families: [], models: [] }, removedCadFiles: 0,
});

function renderPage(catalogue: (url: URL, init: RequestInit) => Response) {
  const api = fakeContentApi({ '/api/Admin/cad/libraries': () => json(200, { libraries: [library] }), '/api/Admin/cad/catalogue': catalogue });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CadConsolePage />
    </QueryClientProvider>,
  );
  return api;
}

const drop = (area: HTMLElement, files: File[]) => fireEvent.drop(area, { dataTransfer: { files, types: ['Files'] } });
const catalogueArea = () => within(screen.getByRole('region', { name: 'Configurator catalogue' })).getByTestId('upload-drop-area');

describe('CadConsolePage', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a library’s releases and uploads a new one with its files', async () => {
    renderPage(() => json(404, {}));
    const sent = fakeUploads(() => ({ status: 201, body: library }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show the versions of EPLAN macros R100' }));
    const [release] = within(screen.getByTestId('versions-panel')).getAllByTestId('library-version');
    expect(release).toHaveTextContent('2026.1');
    expect(release).toHaveTextContent('New gripper macros');
    expect(screen.getAllByText('Restricted').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'New version of EPLAN macros R100' }));
    const dialog = await screen.findByRole('dialog', { name: 'New version of EPLAN macros R100' });
    drop(within(dialog).getByTestId('upload-drop-area'), [new File(['PK'], 'r100.edz'), new File(['PK'], 'r200.edz')]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Version/ }), '2026.2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Release notes/ }), 'R200 macros');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[0]!.url).toBe('http://api.test/api/Admin/cad/libraries/lib-1/versions');
    expect(sent[0]!.files.map((file) => file.name)).toEqual(['r100.edz', 'r200.edz']);
    expect(sent[0]!.metadata).toMatchObject({ version: '2026.2', notes: 'R200 macros' });
  });

  it('refuses a file that is neither JSON nor CSV, lists every problem of a dry run, then imports a checked file', async () => {
    const { calls } = renderPage((url, init) => {
      const file = (init.body as FormData).get('file') as File;
      if (file.name === 'broken.csv') {
        return json(400, {
          error: 'invalidParameters',
          message: 'The catalogue has 3 problems; nothing was changed.',
          details: [
            { path: 'row 4 (code)', message: 'is not a code (letters, digits, . _ -, at most 40)' },
            { path: 'row 9 (model)', message: 'names model "R900", which the file does not define' },
            { path: 'row 12 (valueB)', message: 'names value "X" of no group of R100' },
          ],
        });
      }
      return json(200, report(url.searchParams.get('dryRun') === 'false'));
    });
    await screen.findByRole('button', { name: 'Show the versions of EPLAN macros R100' });
    const panel = screen.getByRole('region', { name: 'Configurator catalogue' });
    const importButton = within(panel).getByRole('button', { name: 'Import' });

    drop(catalogueArea(), [new File(['x'], 'catalogue.xlsx')]);
    expect(within(panel).getByRole('alert')).toHaveTextContent('catalogue.xlsx is neither a .json nor a .csv file.');
    expect(within(panel).getByRole('button', { name: 'Check the file' })).toBeDisabled();

    drop(catalogueArea(), [new File(['kind,family'], 'broken.csv', { type: 'text/csv' })]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Check the file' }));
    const problems = await within(panel).findByTestId('catalogue-problems');
    expect(problems).toHaveTextContent('3 problems found');
    const rows = within(problems).getAllByTestId('catalogue-problem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'row 4 (code)is not a code (letters, digits, . _ -, at most 40)',
      'row 9 (model)names model "R900", which the file does not define',
      'row 12 (valueB)names value "X" of no group of R100',
    ]);
    expect(importButton).toBeDisabled();

    drop(catalogueArea(), [new File(['kind,family'], 'catalogue.csv', { type: 'text/csv' })]);
    expect(within(panel).queryByTestId('catalogue-problems')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Allow removing models/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Check the file' }));
    expect(await within(panel).findByTestId('catalogue-report')).toHaveTextContent('The file is valid');
    expect(within(panel).getByTestId('catalogue-report')).toHaveTextContent('1 model added: R300');

    await userEvent.click(importButton);
    await waitFor(() => expect(within(panel).getByTestId('catalogue-report')).toHaveTextContent('Catalogue imported'));
    const sent = calls('/api/Admin/cad/catalogue').map((url) => [url.searchParams.get('dryRun'), url.searchParams.get('allowRemovals')]);
    expect(sent).toEqual([['true', 'false'], ['true', 'true'], ['false', 'true']]);
  });

  it('says when the libraries cannot be loaded', async () => {
    fakeContentApi({ '/api/Admin/cad/libraries': () => json(500, { error: 'internal', message: 'down' }) });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CadConsolePage />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('The libraries could not be loaded.')).toBeInTheDocument();
  });
});
