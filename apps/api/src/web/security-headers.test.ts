import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { securityHeaders } from './security-headers.ts';

function directives(env: Record<string, string>): Record<string, string[]> {
  const policy = securityHeaders(loadConfig(env)).contentSecurityPolicy;
  if (!policy || policy === true) throw new Error('no Content-Security-Policy');
  return policy.directives as Record<string, string[]>;
}

describe('the web app’s Content-Security-Policy', () => {
  const s3 = { S3_BUCKET: 'portal', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'https://objects.example.com:9000' };

  it('lets images, media and reads come from the bucket only when /files/ redirects there', () => {
    for (const name of ['imgSrc', 'mediaSrc', 'connectSrc']) {
      expect(directives(s3)[name], name).not.toContain('https://objects.example.com:9000');
      expect(directives({ ...s3, FILES_REDIRECT: 's3' })[name], name).toContain('https://objects.example.com:9000');
    }
    // Scripts only from the portal; WebAssembly (the 3D viewer's decoder) may be compiled, JavaScript never evaluated.
    expect(directives({ ...s3, FILES_REDIRECT: 's3' }).scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
});
