import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const repositoryRoot = resolve(import.meta.dirname, '../../..');

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: resolve(repositoryRoot, 'data'),
      sqliteFile: resolve(repositoryRoot, 'data/portal.sqlite'),
      webDistDir: resolve(repositoryRoot, 'apps/web/dist'),
      OIDC_AUDIENCE: 'portal-api',
      OIDC_CLIENT_ID: 'portal-web',
      oidcIssuer: 'http://localhost:8080/oidc',
      embeddedOidc: true,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.API_SUBSCRIPTION_KEY).toBeUndefined();
  });

  it('derives the public address and issuer from PORT and PUBLIC_URL, and treats blank values as unset', () => {
    expect(loadConfig({ PORT: '9000' }).oidcIssuer).toBe('http://localhost:9000/oidc');
    const config = loadConfig({ PORT: '9000', PUBLIC_URL: 'https://portal.example.com/', API_SUBSCRIPTION_KEY: '  ' });
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.oidcIssuer).toBe('https://portal.example.com/oidc');
    expect(config.API_SUBSCRIPTION_KEY).toBeUndefined();
  });

  it('trusts OIDC_ISSUER exactly as given and turns the embedded provider off', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://login.example.com/tenant/' });
    expect(config).toMatchObject({ oidcIssuer: 'https://login.example.com/tenant/', embeddedOidc: false });
  });

  it('lists every wrong value at once', () => {
    const env = {
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      DATABASE_URL: 'mysql://db/portal',
      REDIS_URL: 'http://cache',
      OIDC_ISSUER: 'issuer',
      MAINTENANCE_UNTIL: 'tomorrow',
      SUPPORT_EMAIL: 'support',
      LOG_LEVEL: 'loud',
    };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(Object.keys(env));
    expect(problems[0]).toContain('(got "eighty")');
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- PORT: /);
  });

  it('accepts a PostgreSQL URL, a Redis URL and a maintenance date', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/portal', REDIS_URL: 'redis://cache:6379', MAINTENANCE_UNTIL: '2026-12-01T06:00:00Z' });
    expect(config).toMatchObject({ DATABASE_URL: 'postgres://u@db:5432/portal', MAINTENANCE_UNTIL: '2026-12-01T06:00:00Z' });
  });
});
