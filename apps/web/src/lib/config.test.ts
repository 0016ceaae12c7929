import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/render';
import { getConfig, loadConfig } from './config';

describe('loadConfig', () => {
  it('fetches /app-config.json and keeps it for getConfig', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(testConfig), { status: 200 }));
    await expect(loadConfig(fetchImpl as unknown as typeof fetch)).resolves.toEqual(testConfig);
    expect(fetchImpl).toHaveBeenCalledWith('/app-config.json', { cache: 'no-store' });
    expect(getConfig().salesContactEmail).toBe('sales@example.test');
  });

  // The server checks the document against its contract; what can go wrong here is the transport.
  it('fails when the server answers with an error or with something other than JSON', async () => {
    const failing = vi.fn(async () => new Response('nope', { status: 503 }));
    await expect(loadConfig(failing as unknown as typeof fetch)).rejects.toThrow(/HTTP 503/);
    const page = vi.fn(async () => new Response('<!doctype html><title>Portal</title>', { status: 200 }));
    await expect(loadConfig(page as unknown as typeof fetch)).rejects.toThrow(SyntaxError);
  });
});
