import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeXhrClass, type SentUpload, type UploadAnswer } from '../../test/fake-xhr';
import { createCancellationService } from '../cancellation';
import { createApiClient, type ApiClientSettings } from './api-client';
import { ApiError } from './api-error';
import { multipartForm } from './multipart-form';

/** A client whose uploads go to a fake XMLHttpRequest and whose token is `tokens.current`. */
function setup(answer: (upload: SentUpload) => UploadAnswer | null, overrides: Partial<ApiClientSettings> = {}) {
  const { sent, FakeXhr } = fakeXhrClass(answer);
  const tokens = { current: 'token-1' };
  const refreshAccessToken = vi.fn(async (): Promise<string | null> => null);
  const settings = {
    baseUrl: 'https://gateway.test',
    subscriptionKey: 'sub-key',
    getAccessToken: () => tokens.current,
    refreshAccessToken,
    signIn: vi.fn(),
    navigate: vi.fn(),
    notifyError: vi.fn(),
    cancellation: createCancellationService(),
    fetch: vi.fn(async () => new Response(null, { status: 599 })) as unknown as typeof globalThis.fetch,
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    now: () => Date.parse('2030-01-01T10:00:00.000Z'),
    ...overrides,
  };
  return { client: createApiClient(settings), sent, settings, tokens, refreshAccessToken };
}

const file = new File(['%PDF-1.4'], 'manual.pdf', { type: 'application/pdf' });
const form = () => multipartForm({ title: 'Manual' }, [file]);

describe('api client uploads', () => {
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('posts the metadata and files with the client’s headers, reports progress and answers the JSON', async () => {
    const { client, sent, settings } = setup(() => ({ status: 201, body: { id: 'doc-1' }, progress: [[1, 4], [4, 4]] }));
    const onProgress = vi.fn();
    await expect(client.upload('/api/Admin/documents', form(), { onProgress, query: { dryRun: 'false' } })).resolves.toEqual({ id: 'doc-1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: 'https://gateway.test/api/Admin/documents?dryRun=false', method: 'POST', metadata: { title: 'Manual' } });
    expect(sent[0]!.files.map((sentFile) => sentFile.name)).toEqual(['manual.pdf']);
    expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer token-1', 'ocp-apim-subscription-key': 'sub-key', 'cache-control': 'no-cache' });
    // FormData: the browser writes the multipart Content-Type with its boundary.
    expect(sent[0]!.headers['content-type']).toBeUndefined();
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
    expect(settings.fetch).not.toHaveBeenCalled();
  });

  it('on 401 renews the token once and sends again with the new one', async () => {
    const { client, sent, settings, tokens, refreshAccessToken } = setup((upload) =>
      upload.headers.authorization === 'Bearer token-2' ? { status: 201, body: { id: 'doc-1' } } : { status: 401, body: { error: 'notAuthenticated' } },
    );
    refreshAccessToken.mockImplementation(async () => (tokens.current = 'token-2'));
    sessionStorage.setItem('portal.session', 'kept');
    await expect(client.upload('/api/Admin/documents', form())).resolves.toEqual({ id: 'doc-1' });
    expect(sent.map((upload) => upload.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(settings.signIn).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('portal.session')).toBe('kept');
  });

  it('signs in again when the token cannot be renewed, or the renewed one is refused too', async () => {
    const { client, sent, settings, tokens, refreshAccessToken } = setup(() => ({ status: 401, body: { error: 'notAuthenticated' } }));
    sessionStorage.setItem('portal.session', 'stale');
    await expect(client.upload('/api/Admin/documents', form())).rejects.toMatchObject({ status: 401 });
    expect(sent).toHaveLength(1);
    expect(settings.signIn).toHaveBeenCalledWith('/');
    expect(sessionStorage.length).toBe(0);
    expect(console.log).toHaveBeenCalledWith('not authenticated');

    refreshAccessToken.mockImplementation(async () => (tokens.current = 'token-2'));
    await expect(client.upload('/api/Admin/documents', form())).rejects.toBeInstanceOf(ApiError);
    // One retry, never a loop.
    expect(sent).toHaveLength(3);
    expect(settings.notifyError).not.toHaveBeenCalled();
  });

  it('on 418 goes to the maintenance page with the date from the answer, without a toast', async () => {
    const { client, settings } = setup(() => ({ status: 418, body: { data: '2030-01-01T12:30:00.000Z' } }));
    await expect(client.upload('/api/Admin/imports', form())).rejects.toMatchObject({ status: 418 });
    await vi.waitFor(() => expect(settings.navigate).toHaveBeenCalledWith('/under-maintenance?nextAvailability=2030-01-01T12%3A30%3A00.000Z'));
    expect(settings.notifyError).not.toHaveBeenCalled();
  });

  it('turns a refusal into an ApiError, toasting it unless the caller shows it', async () => {
    const refusal = { error: 'unsupportedMediaType', message: 'Files of type .exe are not accepted.', details: [{ path: 'file', message: 'exe' }] };
    const { client, settings } = setup(() => ({ status: 415, body: refusal }));
    const error = await client.upload('/api/Admin/documents', form(), { notifyOnError: false }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 415, code: 'unsupportedMediaType', serverMessage: 'Files of type .exe are not accepted.', body: refusal });
    expect(settings.notifyError).not.toHaveBeenCalled();
    await expect(client.upload('/api/Admin/documents', form())).rejects.toBeInstanceOf(ApiError);
    expect(settings.notifyError).toHaveBeenCalledTimes(1);
  });

  it('rejects a lost connection as fetch does (TypeError)', async () => {
    const { client } = setup(() => {
      throw new Error('connection lost');
    });
    await expect(client.upload('/api/Admin/documents', form(), { notifyOnError: false })).rejects.toBeInstanceOf(TypeError);
  });

  it('keeps running when a navigation cancels the queries, and stops on the caller’s signal', async () => {
    const { client, settings } = setup(() => null);
    const controller = new AbortController();
    let settled = false;
    const pending = client.upload('/api/Admin/documents', form(), { signal: controller.signal }).finally(() => (settled = true));
    await new Promise((wait) => setTimeout(wait, 5));
    settings.cancellation.cancelAll();
    await new Promise((wait) => setTimeout(wait, 5));
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(settings.notifyError).not.toHaveBeenCalled();
  });
});
