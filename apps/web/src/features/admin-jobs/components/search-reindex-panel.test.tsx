import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchReindexRun } from '@portal/contracts/search-reindex';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { JobsPage } from './jobs-page';
import { percentDone } from './search-reindex-panel';

const finished: SearchReindexRun = {
  id: 'run-1', status: 'done', reason: 'migration', done: 1200, total: 1200,
  startedAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:20:00.000Z', finishedAt: '2026-03-01T10:20:00.000Z',
};
const running: SearchReindexRun = { ...finished, id: 'run-2', status: 'running', reason: 'admin', done: 300, total: 1200, finishedAt: null };

function renderPage(roles: string[], reindex: { state: SearchReindexRun | null; start?: () => Response }) {
  let current = reindex.state;
  const api = fakeContentApi({
    '/api/Me': () => json(200, { sub: 's', email: 'a@example.com', name: 'A', roles, account: null, id: 'u', firstSeenAt: '', lastSeenAt: '' }),
    '/api/Admin/jobs': () => json(200, { items: [], total: 0, page: 1, pageSize: 25 }),
    '/api/Admin/maintenance': () => json(200, { until: null, activeUntil: null }),
    '/api/Admin/search/reindex': (_url, init) => {
      if (init.method !== 'POST') return json(200, { run: current });
      const answer = reindex.start?.() ?? json(202, { run: running });
      if (answer.status === 202) current = running;
      return answer;
    },
  });
  renderRoutes([{ path: '/admin/jobs', element: <JobsPage /> }], '/admin/jobs');
  return api;
}

const panel = async () => within((await screen.findByRole('heading', { name: 'Search index' })).closest('section')!);
const postsTo = (api: ReturnType<typeof fakeContentApi>) => api.fetch.mock.calls.filter(([input, init]) => String(input).endsWith('/api/Admin/search/reindex') && init.method === 'POST');

describe('the re-index of search on the jobs page', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('shows the progress of a running re-index, and allows no second one meanwhile', async () => {
    renderPage(['admin'], { state: running });
    const section = await panel();
    expect(await section.findByText('300 of 1,200 documents (25%)')).toBeInTheDocument();
    expect(section.getByTestId('search-reindex-state')).toHaveTextContent('A re-index started by an administrator is running');
    expect(section.getByRole('progressbar', { name: 'Progress of the re-index' })).toHaveAttribute('aria-valuenow', '25');
    expect(section.getByRole('button', { name: 'Re-index search…' })).toBeDisabled();
  });

  it('starts a re-index only once confirmed, then follows its progress', async () => {
    const api = renderPage(['admin'], { state: finished });
    const section = await panel();
    expect(await section.findByText(/Last re-index finished on .*: 1,200 of 1,200 documents\./)).toBeInTheDocument();

    await userEvent.click(section.getByRole('button', { name: 'Re-index search…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-index every document?' });
    expect(within(dialog).getByText('The last re-index went through 1,200 documents.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postsTo(api)).toHaveLength(0);

    await userEvent.click(section.getByRole('button', { name: 'Re-index search…' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start re-index' }));
    await waitFor(() => expect(postsTo(api)).toHaveLength(1));
    expect(await section.findByText('300 of 1,200 documents (25%)')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Re-index search…' })).toBeDisabled();
    expect(api.notifyError).not.toHaveBeenCalled();
  });

  it('says so when another re-index started meanwhile (409)', async () => {
    renderPage(['admin'], { state: null, start: () => json(409, { error: 'reindexRunning', message: 'A re-index of search is running already' }) });
    const section = await panel();
    expect(await section.findByText('No re-index has run yet.')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Re-index search…' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start re-index' }));
    expect(await section.findByRole('alert')).toHaveTextContent('A re-index is running already; its progress is shown above.');
  });

  it('is not shown to publishers, who cannot start one', async () => {
    const api = renderPage(['publisher'], { state: running });
    expect(await screen.findByText('Only administrators switch maintenance mode on and off.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Search index' })).toBeNull();
    expect(api.calls('/api/Admin/search/reindex')).toHaveLength(0);
  });

  it('never shows 100 % before the end', () => {
    expect(percentDone({ status: 'running', done: 999, total: 1000 })).toBe(99);
    expect(percentDone({ status: 'running', done: 5, total: 0 })).toBe(0);
    expect(percentDone({ status: 'done', done: 0, total: 0 })).toBe(100);
  });
});
