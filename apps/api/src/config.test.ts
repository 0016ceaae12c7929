import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLocalHost, loadConfig, viteDevOrigin } from './config.ts';

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

  it('refuses a PUBLIC_URL the identification link (IEC 61406-1) cannot start with, saying why', () => {
    const problems = (url: string) => {
      try {
        loadConfig({ PUBLIC_URL: url });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems('HTTPS://portal.example.com')).toEqual([expect.stringMatching(/^PUBLIC_URL: needs its scheme and host in lower case .*\(got "HTTPS:\/\/portal.example.com"\)$/)]);
    expect(problems('https://Portal.Example.com')).toEqual([expect.stringContaining('lower case')]);
    expect(problems('https://portal.example.com/a%20b')).toEqual([expect.stringContaining('in its path')]);
    expect(problems('https://portal.example.com/?x=1')).toEqual([expect.stringContaining('query')]);
    expect(problems('ftp://portal.example.com')).toEqual([expect.stringContaining('http or https')]);
    // 255 characters for the link of a 64-character serial: "/id/" and the serial leave 187 for PUBLIC_URL.
    const longest = `https://${'p'.repeat(187 - 12)}.com`;
    expect(longest).toHaveLength(187);
    expect(problems(longest)).toEqual([]);
    expect(problems(`https://${'p'.repeat(187 - 11)}.com`)).toEqual([expect.stringContaining('would be 256 characters, IEC 61406-1 allows 255')]);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/docs/' }).publicUrl).toBe('https://portal.example.com/docs');
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

  it('never prints the rejected value of a secret', () => {
    const secrets = {
      FILE_URL_SECRET: 'short-secret-value-1',
      DATABASE_URL: 'mysql://admin:db-password-2@db/portal',
      REDIS_URL: 'http://:redis-password-3@cache',
      SENTRY_DSN: 'sentry-key-4',
      S3_SECRET_ACCESS_KEY: 's3-secret-5',
    };
    let error: unknown;
    try {
      loadConfig(secrets);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message, problems } = error as ConfigError;
    for (const name of ['FILE_URL_SECRET', 'DATABASE_URL', 'REDIS_URL', 'SENTRY_DSN', 'S3_BUCKET']) {
      expect(problems.some((problem) => problem.startsWith(`${name}:`)), name).toBe(true);
    }
    for (const secret of ['short-secret-value-1', 'db-password-2', 'redis-password-3', 'sentry-key-4', 's3-secret-5']) {
      expect(message).not.toContain(secret);
    }
    expect(message).toContain('FILE_URL_SECRET: must be at least 32 characters (value hidden)');
  });
});

describe('mail settings', () => {
  it('send through SMTP_URL when given (smtp or smtps), from MAIL_FROM', () => {
    const defaults = loadConfig({});
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults.MAIL_FROM).toBe('Technical Resources Portal <no-reply@example.com>');
    const config = loadConfig({ SMTP_URL: 'smtps://alerts:pw@mail.example.com:465', MAIL_FROM: 'Portal <portal@maker.example>' });
    expect(config).toMatchObject({ SMTP_URL: 'smtps://alerts:pw@mail.example.com:465', MAIL_FROM: 'Portal <portal@maker.example>' });
  });

  it('refuse another scheme without printing the URL, which may hold a password', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://alerts:smtp-password@mail.example.com' })).toThrow(/SMTP_URL: .*\(value hidden\)/);
    expect(() => loadConfig({ SMTP_URL: 'http://alerts:smtp-password@mail.example.com' })).not.toThrow(/smtp-password/);
  });
});

describe('FILES_REDIRECT', () => {
  const s3 = { S3_BUCKET: 'portal', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('is off by default and accepts s3 with S3 storage', () => {
    expect(loadConfig({}).FILES_REDIRECT).toBe('off');
    expect(loadConfig({ ...s3, FILES_REDIRECT: 's3' }).FILES_REDIRECT).toBe('s3');
  });

  it('refuses s3 without S3 storage, and any other value', () => {
    expect(() => loadConfig({ FILES_REDIRECT: 's3' })).toThrow(/FILES_REDIRECT: needs S3 storage \(S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY\)/);
    expect(() => loadConfig({ ...s3, FILES_REDIRECT: 'nginx' })).toThrow(/FILES_REDIRECT: .*\(got "nginx"\)/);
  });
});

describe('SEARCH_ANALYTICS_RECORDING', () => {
  it('records by default, not with false, and refuses any other value', () => {
    expect(loadConfig({}).SEARCH_ANALYTICS_RECORDING).toBe('true');
    expect(loadConfig({ SEARCH_ANALYTICS_RECORDING: 'false' }).SEARCH_ANALYTICS_RECORDING).toBe('false');
    expect(() => loadConfig({ SEARCH_ANALYTICS_RECORDING: 'off' })).toThrow(/SEARCH_ANALYTICS_RECORDING: .*\(got "off"\)/);
  });
});

describe('demo accounts', () => {
  it('are on for a local PUBLIC_URL only, unless DEMO_ACCOUNTS decides', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://127.8.9.10', 'http://[::1]:8080']) {
      expect(loadConfig({ PUBLIC_URL: url }).demoAccounts, url).toBe(true);
    }
    for (const url of ['https://portal.example.com', 'http://10.0.0.5:8080', 'http://localhost.example.com', 'http://128.0.0.1', 'http://[::2]']) {
      expect(loadConfig({ PUBLIC_URL: url }).demoAccounts, url).toBe(false);
    }
    expect(loadConfig({}).demoAccounts).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com', DEMO_ACCOUNTS: 'true' }).demoAccounts).toBe(true);
    expect(loadConfig({ DEMO_ACCOUNTS: 'false' }).demoAccounts).toBe(false);
    expect(isLocalHost('127.0.0.1.example.com')).toBe(false);
    // PUBLIC_URL itself must be lower case (identification links); the check on its own ignores case.
    expect(isLocalHost('LOCALHOST')).toBe(true);
  });
});

describe('web origins', () => {
  it('trust the Vite dev server only with WEB_DEV_SERVER=true', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).webOrigins).toEqual(['https://portal.example.com']);
    expect(loadConfig({ WEB_DEV_SERVER: 'false' }).webOrigins).toEqual(['http://localhost:8080']);
    expect(loadConfig({ WEB_DEV_SERVER: 'true' }).webOrigins).toEqual(['http://localhost:8080', viteDevOrigin]);
  });
});
