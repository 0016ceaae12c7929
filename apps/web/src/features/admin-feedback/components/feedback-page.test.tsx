import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedbackItem, FeedbackList } from '@portal/contracts/feedback';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { FeedbackPage } from './feedback-page';

const item = (id: string, patch: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id,
  subject: { kind: 'document', id: 'man-en', key: 'MANEN', title: 'R100 manual', versionId: 'man-en-B', versionLabel: 'B' },
  helpful: false,
  reason: 'outdated',
  comment: 'The torque table is the old one.',
  reader: 'Jane Reader',
  language: 'de',
  status: 'new',
  note: '',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...patch,
});

const outdated = item('fb-1');
const unitYes = item('fb-2', { subject: { kind: 'unit', id: 'u-1', key: 'R100-0001', title: 'R100-0001 (R100)', versionId: null, versionLabel: null }, helpful: true, reason: null, comment: '' });
const list: FeedbackList = {
  items: [outdated, unitYes],
  total: 2,
  subjects: [
    { kind: 'document', id: 'man-en', title: 'R100 manual', helpful: 3, notHelpful: 1, open: 1 },
    { kind: 'unit', id: 'u-1', title: 'R100-0001 (R100)', helpful: 1, notHelpful: 0, open: 1 },
  ],
};

function fakeFeedbackApi() {
  return fakeContentApi({
    '/api/Admin/feedback': (url) => {
      const subjectId = url.searchParams.get('subjectId');
      const items = list.items.filter((entry) => !subjectId || entry.subject.id === subjectId);
      return json(200, { ...list, items, total: items.length, subjects: list.subjects.filter((subject) => items.some((entry) => entry.subject.id === subject.id)) });
    },
    '/api/Admin/feedback/fb-1/status': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { status: FeedbackItem['status']; note: string };
      return json(200, { ...outdated, ...body });
    },
  });
}

const renderAt = (url: string) => renderRoutes([{ path: '/admin/feedback', element: <FeedbackPage /> }, { path: '*', element: null }], url);

describe('feedback triage page', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('lists the answers per subject with the reason, comment, status, counts and helpful share', async () => {
    fakeFeedbackApi();
    renderAt('/admin/feedback');
    const manual = await screen.findByRole('region', { name: 'R100 manual' });
    expect(within(manual).getByRole('link', { name: 'R100 manual' })).toHaveAttribute('href', '/DocumentLink/MANEN-B');
    expect(within(manual).getByText('Outdated')).toBeInTheDocument();
    expect(within(manual).getByText('The torque table is the old one.')).toBeInTheDocument();
    expect(within(manual).getByText('New')).toBeInTheDocument();
    expect(within(manual).getByText('Version B')).toBeInTheDocument();
    expect(within(manual).getByTestId('feedback-subject-open')).toHaveTextContent('1 open');
    expect(within(manual).getByTestId('feedback-subject-answers')).toHaveTextContent('3 yes · 1 no · 75 %');
    const unit = screen.getByRole('region', { name: 'R100-0001 (R100)' });
    expect(within(unit).getByRole('link', { name: 'R100-0001 (R100)' })).toHaveAttribute('href', '/units/R100-0001');
    expect(within(unit).getByText('Helpful')).toBeInTheDocument();
    expect(within(unit).getByText('No comment')).toBeInTheDocument();
  });

  it('shows one document’s queue when linked from the documents table', async () => {
    const api = fakeFeedbackApi();
    renderAt('/admin/feedback?subjectKind=document&subjectId=man-en');
    await waitFor(() => expect(screen.getByTestId('feedback-subject-filter')).toHaveTextContent('Only: R100 manual'));
    expect(screen.queryByRole('region', { name: 'R100-0001 (R100)' })).toBeNull();
    const query = api.calls('/api/Admin/feedback').at(-1)!.searchParams;
    expect(query.get('subjectKind')).toBe('document');
    expect(query.get('subjectId')).toBe('man-en');
  });

  it('filters by status through the API', async () => {
    const api = fakeFeedbackApi();
    renderAt('/admin/feedback');
    await screen.findByRole('region', { name: 'R100 manual' });
    await userEvent.click(screen.getByRole('radio', { name: 'In progress' }));
    await waitFor(() => expect(api.calls('/api/Admin/feedback').at(-1)!.searchParams.get('status')).toBe('inProgress'));
  });

  it('marks an item fixed with a note, saying the reader will be told, and confirms it', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const api = fakeFeedbackApi();
    renderAt('/admin/feedback');
    const manual = await screen.findByRole('region', { name: 'R100 manual' });
    await userEvent.click(within(manual).getByRole('button', { name: 'Change status of feedback from Jane Reader' }));
    const dialog = await screen.findByRole('dialog');
    // The modal moves focus to the note as it opens, which closes a dropdown opened in the meantime: opened again until it stays.
    const newStatus = within(dialog).getByRole('combobox', { name: 'New status' });
    await waitFor(async () => {
      if (!screen.queryByRole('option', { name: 'Fixed' })) await userEvent.click(newStatus);
      expect(screen.getByRole('option', { name: 'Fixed' })).toBeInTheDocument();
    });
    await userEvent.click(screen.getByRole('option', { name: 'Fixed' }));
    expect(within(dialog).getByTestId('feedback-fixed-hint')).toHaveTextContent('The reader will be notified');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Version C has the new table');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Status changed to “Fixed”.' })));
    const [, init] = api.fetch.mock.calls.find(([input]) => new URL(input).pathname === '/api/Admin/feedback/fb-1/status')!;
    expect(JSON.parse(String(init.body))).toEqual({ status: 'fixed', note: 'Version C has the new table' });
    toast.mockRestore();
  });
});
