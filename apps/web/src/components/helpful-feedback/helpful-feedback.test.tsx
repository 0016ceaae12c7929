import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedbackSubject } from '@portal/contracts/feedback';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { HelpfulFeedback } from './helpful-feedback';

const receipt = { id: 'fb-1', createdAt: '2026-11-28T10:00:00.000Z' };

function renderWidget(subject: FeedbackSubject) {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <HelpfulFeedback subject={subject} />
    </QueryClientProvider>,
  );
}

const sentBodies = (api: ReturnType<typeof fakeContentApi>) =>
  api.fetch.mock.calls.filter(([input]) => new URL(input).pathname === '/api/Feedback').map(([, init]) => JSON.parse(String(init.body)) as unknown);

describe('HelpfulFeedback', () => {
  beforeAll(() => initTestI18n());

  it('sends a yes at once and confirms it with a toast', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const api = fakeContentApi({ '/api/Feedback': () => json(201, receipt) });
    renderWidget({ kind: 'software', equipmentName: 'R100FW' });
    expect(screen.getByRole('group', { name: 'Was this helpful?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(sentBodies(api)).toEqual([{ subject: { kind: 'software', equipmentName: 'R100FW' }, helpful: true }]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Feedback sent' }));
    toast.mockRestore();
  });

  it('asks a no for one of the five reasons and an optional comment', async () => {
    const api = fakeContentApi({ '/api/Feedback': () => json(201, receipt) });
    renderWidget({ kind: 'document', documentId: 'doc-1', versionId: 'doc-1-B' });
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    const dialog = await screen.findByRole('dialog', { name: 'What was not helpful?' });
    expect(dialog).toBeInTheDocument();
    for (const reason of ['Incorrect', 'Outdated', 'Missing information', 'Hard to understand', 'Wrong language']) {
      expect(screen.getByRole('radio', { name: reason })).toBeInTheDocument();
    }
    const send = screen.getByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Outdated' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Comment/ }), 'Torque table is old');
    await userEvent.click(send);
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(sentBodies(api)).toEqual([
      { subject: { kind: 'document', documentId: 'doc-1', versionId: 'doc-1-B' }, helpful: false, reason: 'outdated', comment: 'Torque table is old' },
    ]);
  });

  it('shows the refusal (a flood) inside the form and keeps it open', async () => {
    fakeContentApi({ '/api/Feedback': () => json(429, { error: 'rateLimited', message: 'You have sent 20 answers in the last hour; try again later.' }) });
    renderWidget({ kind: 'unit', serial: 'R100-0001' });
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Incorrect' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.getByTestId('helpful-feedback-error')).toHaveTextContent('20 answers in the last hour'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Thank you for your feedback.')).toBeNull();
  });
});
