import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContentApi } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { HandoverExportMenu } from './handover-export-menu';

/** Records the names files are saved under (the temporary link's `download`). */
function savedFiles(): string[] {
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

const zip = () => new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), { status: 200, headers: { 'Content-Type': 'application/zip' } });

describe('HandoverExportMenu', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers both formats with what each is for, and downloads each with the token in the reader\'s language', async () => {
    await initTestI18n('de-DE');
    const api = fakeContentApi({ '/api/Units/R100-0001/vdi2770': zip, '/api/Units/R100-0001/aasx': zip });
    const saved = savedFiles();
    renderWithProviders(<HandoverExportMenu serial="R100-0001" language="de" />);

    await userEvent.click(screen.getByRole('button', { name: 'Exportieren' }));
    expect(await screen.findByText('An ein Instandhaltungssystem übergeben')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /VDI-2770-Dokumentationscontainer/ })).toHaveTextContent('PDF/A-Dateien');
    await userEvent.click(screen.getByRole('menuitem', { name: /Verwaltungsschale \(AASX\)/ }));
    await waitFor(() => expect(saved).toEqual(['R100-0001-de.aasx']));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportieren' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Exportieren' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /VDI-2770-Dokumentationscontainer/ }));
    await waitFor(() => expect(saved).toEqual(['R100-0001-de.aasx', 'R100-0001-vdi2770-de.zip']));

    expect(api.calls('/api/Units/R100-0001/aasx').map((url) => url.searchParams.get('language'))).toEqual(['de']);
    expect(api.calls('/api/Units/R100-0001/vdi2770').map((url) => url.searchParams.get('language'))).toEqual(['de']);
    const [, init] = api.fetch.mock.calls.find(([input]) => String(input).includes('/aasx'))!;
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token');
  });

  it('takes the interface language when none is given and names the unit for screen readers', async () => {
    await initTestI18n('fr-FR');
    const api = fakeContentApi({ '/api/Units/R100-0002/aasx': zip });
    savedFiles();
    renderWithProviders(<HandoverExportMenu serial="R100-0002" label="Exporter la documentation de la machine R100-0002" />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter la documentation de la machine R100-0002' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Coque d'administration/ }));
    await waitFor(() => expect(api.calls('/api/Units/R100-0002/aasx').map((url) => url.searchParams.get('language'))).toEqual(['fr']));
  });
});
