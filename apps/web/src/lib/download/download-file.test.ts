import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBlobWithProgress, saveBlob, type DownloadProgress } from './download-file';

function streamed(chunks: string[], headers: Record<string, string>) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(encoder.encode(chunk)));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

describe('fetchBlobWithProgress', () => {
  it('reads the body chunk by chunk, reporting bytes received against Content-Length', async () => {
    const fetch = vi.fn(async () => streamed(['abcd', 'efgh', 'ij'], { 'Content-Length': '10', 'Content-Type': 'application/pdf' }));
    const seen: DownloadProgress[] = [];
    const blob = await fetchBlobWithProgress('http://files.test/f', (p) => seen.push(p), { fetch });
    expect(await blob.text()).toBe('abcdefghij');
    expect(blob.type).toBe('application/pdf');
    expect(seen).toEqual([
      { loaded: 0, total: 10 },
      { loaded: 4, total: 10 },
      { loaded: 8, total: 10 },
      { loaded: 10, total: 10 },
    ]);
  });

  it('reports an unknown total when the server sends no length', async () => {
    const fetch = vi.fn(async () => streamed(['abc'], {}));
    const seen: DownloadProgress[] = [];
    await fetchBlobWithProgress('http://files.test/f', (p) => seen.push(p), { fetch });
    expect(seen.at(-1)).toEqual({ loaded: 3, total: null });
  });

  it('fails on an error status', async () => {
    const fetch = vi.fn(async () => new Response('expired', { status: 403 }));
    await expect(fetchBlobWithProgress('http://files.test/f', () => undefined, { fetch })).rejects.toThrow('403');
  });
});

describe('saveBlob', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a temporary link that downloads the blob under the file name', () => {
    const createObjectURL = vi.fn(() => 'blob:http://portal.test/1');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const blob = new Blob(['x']);
    saveBlob(blob, 'R100 manual (B).pdf');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    const clicked = click.mock.contexts[0] as HTMLAnchorElement | undefined;
    expect(clicked?.download).toBe('R100 manual (B).pdf');
    expect(clicked?.href).toBe('blob:http://portal.test/1');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
