import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DownloadHistoryItem } from '@portal/contracts/downloads';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n } from '../../../test/render';
import { renderCadPage, testCatalogue } from '../testing/render-cad';
import { DownloadsHistoryPage } from './downloads-history-page';

const item = (patch: Partial<DownloadHistoryItem>): DownloadHistoryItem => ({
  id: 'h1',
  kind: 'software',
  title: 'Controller C7 firmware',
  itemRef: 'CTRL7',
  versionLabel: '3.5.0',
  fileName: 'c7-firmware-3.5.0.bin',
  isZip: false,
  downloadedAt: '2026-11-21T10:00:00.000Z',
  newerVersionAvailable: false,
  newestVersionLabel: '3.5.0',
  redownload: { method: 'POST', url: '/api/Software/download?fileId=f1' },
  ...patch,
});

const history = [
  item({ id: 'h1', newerVersionAvailable: true, newestVersionLabel: '3.6.1' }),
  item({ id: 'h2', kind: 'cad', title: 'Six-axis robot ARM-6', itemRef: 'ARM6', fileName: 'ARM6-floor.zip', isZip: true, versionLabel: 'A', newestVersionLabel: 'A' }),
  item({ id: 'h3', kind: 'document', title: 'Old manual', itemRef: null, fileName: 'manual.pdf', redownload: null, newestVersionLabel: null }),
];

function fakeHistoryApi(total = history.length) {
  return fakeContentApi({
    '/api/Cad/catalogue': () => json(200, testCatalogue),
    '/api/Downloads/history': (url) => {
      const kind = url.searchParams.get('kind');
      const items = history.filter((entry) => !kind || entry.kind === kind);
      return json(200, { items, total: kind ? items.length : total, page: Number(url.searchParams.get('page')), pageSize: 20 });
    },
  });
}

describe('download history', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });

  it('marks outdated downloads, links items that still exist and offers a re-download only when allowed', async () => {
    fakeHistoryApi();
    renderCadPage(<DownloadsHistoryPage />, '/cadFiles/downloadshistory');
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(3);

    expect(within(rows[0]!).getByTestId('newer-version')).toHaveTextContent('Newer version available (v3.6.1)');
    expect(within(rows[0]!).getByRole('link', { name: 'Controller C7 firmware' })).toHaveAttribute('href', '/software/CTRL7');
    expect(within(rows[0]!).getByRole('button', { name: 'Download c7-firmware-3.5.0.bin again' })).toBeEnabled();

    expect(within(rows[1]!).queryByTestId('newer-version')).not.toBeInTheDocument();
    // A CAD reference is linked once the catalogue says it is a robot model (not a library).
    await waitFor(() => expect(within(rows[1]!).getByRole('link', { name: 'Six-axis robot ARM-6' })).toHaveAttribute('href', '/cadFiles/robotConfigurator?model=ARM6'));

    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByTestId('not-available')).toHaveTextContent('No longer available');
  }, 20_000);

  it('names a CAD set by its model and option labels, in the user’s language, and links back to its configuration', async () => {
    const set = item({ id: 'h9', kind: 'cad', title: 'Six-axis robot ARM-6 (wall, arm-900)', itemRef: 'ARM6/wall,arm-900/iges', fileName: 'ARM6-wall-arm-900-iges.zip', isZip: true });
    fakeContentApi({
      '/api/Cad/catalogue': () => json(200, testCatalogue),
      '/api/Downloads/history': () => json(200, { items: [set], total: 1, page: 1, pageSize: 20 }),
    });
    const view = renderCadPage(<DownloadsHistoryPage />, '/cadFiles/downloadshistory');
    const link = await screen.findByRole('link', { name: 'Six-axis robot ARM-6 (Wall, 900 mm)' });
    expect(link).toHaveAttribute('href', '/cadFiles/robotConfigurator?model=ARM6&options=wall,arm-900&format=iges');
    view.unmount();

    await initTestI18n('fr-FR');
    try {
      renderCadPage(<DownloadsHistoryPage />, '/cadFiles/downloadshistory');
      expect(await screen.findByRole('link', { name: 'Robot six axes ARM-6 (Mur, 900 mm)' })).toBeInTheDocument();
    } finally {
      await initTestI18n('en-US');
    }
  }, 20_000);

  it('filters by kind and pages through the list, both in the URL', async () => {
    const user = userEvent.setup();
    const api = fakeHistoryApi(45);
    const { search } = renderCadPage(<DownloadsHistoryPage />, '/cadFiles/downloadshistory');
    await screen.findAllByTestId('history-row');

    await user.click(screen.getByRole('button', { name: '3' }));
    expect(search().get('page')).toBe('3');
    await user.click(within(screen.getByTestId('history-kind')).getByText('CAD files'));
    expect(search().toString()).toBe('kind=cad');
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1));

    const requested = api.calls('/api/Downloads/history').map((url) => `${url.searchParams.get('kind')}:${url.searchParams.get('page')}`);
    expect(requested).toEqual(['null:1', 'null:3', 'cad:1']);
  }, 20_000);
});
