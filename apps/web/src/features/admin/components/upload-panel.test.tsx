import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { fakeUploads } from '../../../test/fake-uploads';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { UploadPanel } from './upload-panel';

const options = { types: [{ value: 'manual', label: 'Manual' }], products: [], languages: [{ value: 'en', label: 'English (en)' }] };

describe('upload panel', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.unstubAllGlobals());

  it('uploads dropped files with the shared metadata, one request per file, and shows each refusal beside its file', async () => {
    const sent = fakeUploads(({ files: [file] }) =>
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
    expect(sent.map((upload) => [upload.url, upload.files[0]!.name])).toEqual([
      ['http://api.test/api/Admin/documents', 'Arm manual.pdf'],
      ['http://api.test/api/Admin/documents', 'tool.exe'],
    ]);
    expect(sent[0]!.metadata).toMatchObject({ title: 'Arm manual', typeCode: 'manual', languageCode: 'en', audience: 'everyone', products: [], status: 'unpublished' });
    expect(sent[0]!.metadata.serviceRef).toMatch(/^[A-Za-z0-9]+$/);
    expect(onUploaded).toHaveBeenCalledWith(1);
    // The refused file stays in the list, to correct and send again.
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();
  });
});
