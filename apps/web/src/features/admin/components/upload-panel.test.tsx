import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { UploadPanel } from './upload-panel';

interface SentUpload {
  url: string;
  metadata: Record<string, unknown>;
  file: File;
}

/** XMLHttpRequest as the browser has it, answering each upload from `answer` after one progress event. */
function fakeXhr(answer: (upload: SentUpload) => { status: number; body: unknown }) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    headers: Record<string, string> = {};
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(form: FormData) {
      const upload = { url: this.url, metadata: JSON.parse(String(form.get('metadata'))) as Record<string, unknown>, file: form.get('file') as File };
      sent.push(upload);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        const { status, body } = answer(upload);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const options = { types: [{ value: 'manual', label: 'Manual' }], products: [], languages: [{ value: 'en', label: 'English (en)' }] };

describe('upload panel', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('uploads dropped files with the shared metadata, one request per file, and shows each refusal beside its file', async () => {
    const sent = fakeXhr(({ file }) =>
      file.name.endsWith('.exe') ? { status: 415, body: { error: 'unsupportedMediaType', message: 'Files of type .exe are not accepted.' } } : { status: 201, body: { id: 'new' } },
    );
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <UploadPanel options={options} onUploaded={onUploaded} />
      </QueryClientProvider>,
    );
    const files = [new File(['%PDF-1.4'], 'Arm manual.pdf', { type: 'application/pdf' }), new File(['MZ'], 'tool.exe')];
    fireEvent.drop(screen.getByTestId('upload-drop-area'), { dataTransfer: { files, types: ['Files'] } });
    expect(screen.getAllByTestId('upload-item')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Title of Arm manual.pdf' })).toHaveValue('Arm manual');

    const submit = screen.getByRole('button', { name: 'Upload 2 files' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Document type' }));
    await user.click(await screen.findByRole('option', { name: 'Manual' }));
    await user.click(submit);

    const [good, refused] = screen.getAllByTestId('upload-item');
    await waitFor(() => expect(within(refused!).getByRole('alert')).toHaveTextContent('Files of type .exe are not accepted.'));
    expect(within(good!).getByText('Uploaded')).toBeInTheDocument();
    expect(sent.map((upload) => [upload.url, upload.file.name])).toEqual([
      ['http://api.test/api/Admin/documents', 'Arm manual.pdf'],
      ['http://api.test/api/Admin/documents', 'tool.exe'],
    ]);
    expect(sent[0]!.metadata).toMatchObject({ title: 'Arm manual', typeCode: 'manual', languageCode: 'en', audience: 'everyone', products: [] });
    expect(sent[0]!.metadata.serviceRef).toMatch(/^[A-Za-z0-9]+$/);
    expect(onUploaded).toHaveBeenCalledWith(1);
    // The refused file stays in the list, to correct and send again.
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();
  });
});
