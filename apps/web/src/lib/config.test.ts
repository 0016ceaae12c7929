import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/render';
import { getConfig, loadConfig } from './config';

describe('loadConfig', () => {
  it('fetches /app-config.json, validates it and keeps it for getConfig', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(testConfig), { status: 200 }));
    await expect(loadConfig(fetchImpl as unknown as typeof fetch)).resolves.toEqual(testConfig);
    expect(fetchImpl).toHaveBeenCalledWith('/app-config.json', { cache: 'no-store' });
    expect(getConfig().salesContactEmail).toBe('sales@example.test');
  });

  it('fails when the server answers with an error or an invalid document', async () => {
    const failing = vi.fn(async () => new Response('nope', { status: 503 }));
    await expect(loadConfig(failing as unknown as typeof fetch)).rejects.toThrow(/HTTP 503/);
    const invalid = vi.fn(async () => new Response(JSON.stringify({ apiBaseUrl: 1 }), { status: 200 }));
    await expect(loadConfig(invalid as unknown as typeof fetch)).rejects.toThrow();
  });
});
