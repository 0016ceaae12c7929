import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../config';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { testConfig } from '../../test/render';
import { redownloadBlob, storedFileBlob, zipBlob, zipFileName } from './download-sources';

const noProgress = () => undefined;

describe('download sources', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gets a stored file through its signed URL, resolved against the API host', async () => {
    setConfig(testConfig);
    const api = fakeContentApi({ '/api/Cad/download': () => json(200, [{ downloadUrl: '/files/signed/arm6.stp' }]) });
    const fileFetch = vi.fn(async () => new Response('ISO-10303-21;', { status: 200 }));
    vi.stubGlobal('fetch', fileFetch);

    const blob = await storedFileBlob('/api/Cad/download', 'file 1')(noProgress);
    expect(await blob.text()).toBe('ISO-10303-21;');
    const [[url, init]] = api.fetch.mock.calls;
    expect(url).toBe('http://api.test/api/Cad/download?fileId=file+1');
    expect(init.method).toBe('POST');
    expect(fileFetch).toHaveBeenCalledWith('http://api.test/files/signed/arm6.stp', expect.anything());
  });

  it('streams a zip from downloadZip with the bearer token', async () => {
    const api = fakeContentApi({ '/api/Content/downloadZip': () => new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200 }) });
    const blob = await zipBlob('software/CTRL7/3.6.1')(noProgress);
    expect(blob.size).toBe(4);
    const [[url, init]] = api.fetch.mock.calls;
    expect(new URL(url).searchParams.get('filePath')).toBe('software/CTRL7/3.6.1');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
  });

  it('replays the history call: a GET zip as it is, a POST with its body and then the signed URL', async () => {
    setConfig(testConfig);
    const api = fakeContentApi({
      '/api/Content/downloadZip': () => new Response('zip', { status: 200 }),
      '/api/Content/download': () => json(200, [{ downloadUrl: '/files/signed/manual.pdf' }]),
    });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('%PDF', { status: 200 })));

    await redownloadBlob({ method: 'GET', url: '/api/Content/downloadZip?filePath=cad%2FARM6%2Ffloor' })(noProgress);
    expect(await (await redownloadBlob({ method: 'POST', url: '/api/Content/download?versionId=v2', body: ['doc-1'] })(noProgress)).text()).toBe('%PDF');

    const [[zipUrl, zipInit], [postUrl, postInit]] = api.fetch.mock.calls;
    expect(zipUrl).toBe('http://api.test/api/Content/downloadZip?filePath=cad%2FARM6%2Ffloor');
    expect(zipInit.method).toBe('GET');
    expect(postUrl).toBe('http://api.test/api/Content/download?versionId=v2');
    expect(postInit.body).toBe('["doc-1"]');
  });

  it('names zips from their parts without characters file systems refuse', () => {
    expect(zipFileName('CTRL7', '3.6.1')).toBe('CTRL7-3.6.1.zip');
    expect(zipFileName('Grippers for SOLIDWORKS', '2025.1')).toBe('Grippers_for_SOLIDWORKS-2025.1.zip');
    expect(zipFileName('ARM6', 'floor', 'arm-900', 'a/b')).toBe('ARM6-floor-arm-900-a_b.zip');
  });
});
