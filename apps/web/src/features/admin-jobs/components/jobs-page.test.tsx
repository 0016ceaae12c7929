import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminJob } from '@portal/contracts/admin-jobs';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { JobsPage } from './jobs-page';
import { untilOf } from './maintenance-panel';

const subject = { documentId: 'd1', serviceRef: 'D1', title: 'Robot manual', versionId: 'v1', resourceVersion: 'B', fileName: 'robot.docx' };
const job = (id: string, status: AdminJob['status'], lastError: string | null = null): AdminJob => ({
  id, kind: 'officePdf', status, attempts: status === 'failed' ? 3 : 1, lastError, runAfter: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:05:00.000Z', subject,
});

function renderPage(roles: string[], listed?: AdminJob[]) {
  const api = fakeContentApi({
    '/api/Me': () => json(200, { sub: 's', email: 'a@example.com', name: 'A', roles, account: null, id: 'u', firstSeenAt: '', lastSeenAt: '' }),
    '/api/Admin/jobs': (url) => {
      const failed = [job('job-2', 'failed', 'LibreOffice timed out'), job('job-3', 'failed', 'bad file')];
      const all = listed ?? [job('job-1', 'done'), ...failed];
      const items = url.searchParams.get('status') === 'failed' ? all.filter((item) => item.status === 'failed') : all;
      return json(200, { items: items.slice(0, Number(url.searchParams.get('pageSize'))), total: items.length, page: 1, pageSize: 25 });
    },
    '/api/Admin/jobs/job-2/retry': () => json(200, { ...job('job-2', 'queued'), attempts: 0 }),
    '/api/Admin/jobs/retry-failed': () => json(200, { retried: 2 }),
    '/api/Admin/search/reindex': () => json(200, { run: null }),
    '/api/Admin/maintenance': (_url, init) => json(200, init.method === 'PUT' ? { until: JSON.parse(String(init.body)).until, activeUntil: JSON.parse(String(init.body)).until } : { until: null, activeUntil: null }),
  });
  renderRoutes([{ path: '/admin/jobs', element: <JobsPage /> }], '/admin/jobs');
  return api;
}

describe('jobs and maintenance page', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('lists jobs with their document, version and error; retries one failed job or all of them', async () => {
    const api = renderPage(['publisher']);
    const failedRow = (await screen.findByText('LibreOffice timed out')).closest('tr')!;
    expect(within(failedRow).getByText('Robot manual')).toBeInTheDocument();
    expect(within(failedRow).getByText('Version B · robot.docx')).toBeInTheDocument();
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry PDF rendition of Robot manual' })).toHaveLength(2);

    await userEvent.click(within(failedRow).getByRole('button', { name: 'Retry PDF rendition of Robot manual' }));
    await waitFor(() => expect(api.calls('/api/Admin/jobs/job-2/retry')).toHaveLength(1));
    expect(api.fetch.mock.calls.find(([input]) => String(input).includes('/retry'))![1].method).toBe('POST');

    await userEvent.click(await screen.findByRole('button', { name: 'Retry all 2 failed jobs' }));
    await waitFor(() => expect(api.calls('/api/Admin/jobs/retry-failed')).toHaveLength(1));
  });

  it('names the live document of a scheduled publication, links it, and tells a deleted document from a job about something else', async () => {
    renderPage(['publisher'], [
      { ...job('job-7', 'queued'), kind: 'documents.publishScheduled', subject: { ...subject, versionId: null, resourceVersion: null, fileName: null } },
      { ...job('job-8', 'done'), kind: 'alerts.mail', subject: null },
      { ...job('job-9', 'done'), kind: 'thumbnail', subject: null },
    ]);
    const rowOf = (text: string) => screen.getAllByText(text).map((element) => element.closest('tr')).find(Boolean)!;
    await screen.findByRole('link', { name: 'Robot manual' });
    const scheduled = rowOf('Scheduled publication');
    expect(within(scheduled).getByRole('link', { name: 'Robot manual' })).toHaveAttribute('href', '/admin/documents?q=D1');
    expect(within(scheduled).getByText('D1')).toBeInTheDocument();
    expect(within(rowOf('Notification mail')).getByText('Not about a document')).toBeInTheDocument();
    expect(within(rowOf('Thumbnail')).getByText('Its document was deleted since')).toBeInTheDocument();
    expect(screen.queryByText(/No document/)).toBeNull();
  });

  it('says what to do when there are no jobs: where they come from, or how to widen the filters', async () => {
    renderPage(['publisher'], []);
    expect(await screen.findByText('No background jobs yet. Uploading a document queues its preview work here.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Failed' }));
    expect(await screen.findByText('No jobs match these filters. Choose "All" under Status and Kind to see every job.')).toBeInTheDocument();
  });

  it('filters by status on the server and starts again at page 1', async () => {
    const api = renderPage(['publisher']);
    await screen.findAllByText('LibreOffice timed out');
    await userEvent.click(screen.getByRole('radio', { name: 'Failed' }));
    await waitFor(() => expect(api.calls('/api/Admin/jobs').some((url) => url.searchParams.get('status') === 'failed' && url.searchParams.get('pageSize') === '25')).toBe(true));
    expect(api.calls('/api/Admin/jobs').at(-1)!.searchParams.get('page')).toBe('1');
  });

  it('shows publishers that maintenance is for admins, without asking the API', async () => {
    const api = renderPage(['publisher', 'employee']);
    expect(await screen.findByText('Only administrators switch maintenance mode on and off.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(api.calls('/api/Admin/maintenance')).toHaveLength(0);
  });

  it('lets admins switch maintenance on until a date and time, saved through PUT', async () => {
    const api = renderPage(['admin', 'employee']);
    expect(await screen.findByTestId('maintenance-state')).toHaveTextContent('The portal is available.');
    await userEvent.click(screen.getByRole('switch', { name: 'Maintenance mode on' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the date and time of the next availability.')).toBeInTheDocument();

    const next = new Date(Date.now() + 2 * 86_400_000);
    next.setSeconds(0, 0);
    const local = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}T${String(next.getHours()).padStart(2, '0')}:${String(next.getMinutes()).padStart(2, '0')}`;
    fireEvent.change(screen.getByLabelText(/Next availability/), { target: { value: local } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('maintenance-state')).toHaveTextContent('Maintenance is on until'));
    const put = api.fetch.mock.calls.find(([, init]) => init.method === 'PUT')!;
    expect(JSON.parse(String(put[1].body))).toEqual({ until: next.toISOString() });
  });
});

describe('untilOf', () => {
  const now = Date.parse('2026-11-24T12:00:00.000Z');
  it('switches off with null, and refuses a missing or past end', () => {
    expect(untilOf({ on: false, until: '2020-01-01T00:00' }, now)).toEqual({ until: null });
    expect(untilOf({ on: true, until: '' }, now)).toEqual({ error: 'adminJobs.maintenance.untilMissing' });
    expect(untilOf({ on: true, until: '2020-01-01T00:00' }, now)).toEqual({ error: 'adminJobs.maintenance.untilPast' });
    expect(untilOf({ on: true, until: '2030-01-01T00:00' }, now)).toEqual({ until: new Date('2030-01-01T00:00').toISOString() });
  });
});
