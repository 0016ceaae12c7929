import { isIPv4 } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';
import { z } from 'zod';
import { identificationLinkMaxLength, identificationPath, serialNumberMaxLength } from '@portal/contracts/unit-identification';
import { auditSignerOf } from './platform/ed25519-key.ts';
import { s3ConfigProblems } from './platform/storage/s3-config.ts';

const optionalText = z.string().trim().min(1).optional();
const optionalUrl = z.url().optional();
const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

/** One line per environment variable; a blank value counts as unset. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('portal:'),
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  OIDC_ISSUER: optionalUrl,
  OIDC_AUDIENCE: z.string().min(1).default('portal-api'),
  OIDC_CLIENT_ID: z.string().min(1).default('portal-web'),
  API_SUBSCRIPTION_KEY: optionalText,
  FILE_URL_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  MAINTENANCE_UNTIL: isoDate.optional(),
  SENTRY_DSN: optionalUrl,
  CUSTOMER_PORTAL_URL: z.url().default('https://customers.example.com'),
  EQUIPMENT_CENTER_URL: z.url().default('https://equipment.example.com'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  SALES_CONTACT_EMAIL: z.email().default('sales@example.com'),
  /** The maker named on the public page an identification link opens for a signed-out visitor. */
  MAKER_NAME: z.string().trim().min(1).max(200).default('Example Machines'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: z.enum(['0', '1']).default('0'),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  FILES_REDIRECT: z.enum(['off', 's3']).default('off'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(2 * 1024 ** 3),
  /** References given to imported files that name none: letters, then `#` per digit (`D########`: D00000001, D00000002 …). */
  DOCUMENT_REFERENCE_SCHEME: z.string().regex(/^[A-Za-z]{0,10}#{4,12}$/, 'is letters then 4 to 12 # (one per digit), such as D########').default('D########'),
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  DEMO_ACCOUNTS: z.enum(['true', 'false']).optional(),
  WEB_DEV_SERVER: z.enum(['true', 'false']).default('false'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(300).default('Technical Resources Portal <no-reply@example.com>'),
  // Operations (metrics, statistics retention).
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STATISTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(25),
  SEARCH_ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(25),
  /** `false`: searches, and the opens and downloads after them, are not recorded (the dashboard shows what was). */
  SEARCH_ANALYTICS_RECORDING: z.enum(['true', 'false']).default('true'),
  /** Memory for whole search answers kept for repeats; 0 answers every search afresh. */
  SEARCH_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(16),
  // The audit chain's signed checkpoints (docs/security.md): a key outside the database, a place outside DATA_DIR.
  AUDIT_SIGNING_KEY: optionalText,
  AUDIT_SIGNING_KEY_FILE: optionalText,
  AUDIT_CHECKPOINT_DIR: optionalText,
  /** The markets of the language coverage report: `Name=lang,lang;Name=lang` (see parseMarkets). */
  MARKETS: z.string().default('Europe=en,de,fr'),
}).superRefine((env, context) => {
  for (const message of parseMarkets(env.MARKETS).problems) context.addIssue({ code: 'custom', path: ['MARKETS'], message });
  if (env.PUBLIC_URL) for (const message of publicUrlProblems(env.PUBLIC_URL)) context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message });
  for (const { variable, message } of s3ConfigProblems(env)) context.addIssue({ code: 'custom', path: [variable], message });
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
  for (const { variable, message } of auditCheckpointProblems(env)) context.addIssue({ code: 'custom', path: [variable], message });
  if (env.FILES_REDIRECT === 's3' && env.S3_BUCKET === undefined) {
    const message = 'needs S3 storage (S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY); files in DATA_DIR/files can only be served by the API';
    context.addIssue({ code: 'custom', path: ['FILES_REDIRECT'], message });
  }
});

export type Env = z.infer<typeof envSchema>;

/**
 * PUBLIC_URL starts every identification link printed on a machine (IEC 61406-1): http(s), scheme and
 * host in lower case, nothing but RFC 3986 unreserved characters and `/` in its path, no user, query or
 * fragment, and short enough that the link of the longest serial stays within 255 characters.
 */
export function publicUrlProblems(value: string): string[] {
  const url = URL.parse(value);
  if (!url) return [];
  const problems: string[] = [];
  const base = value.replace(/\/+$/, '');
  const authority = base.slice(base.indexOf('//') + 2).split(/[/?#]/, 1)[0]!;
  if (!['http:', 'https:'].includes(url.protocol)) problems.push('must be an http or https address');
  if (base.slice(0, url.protocol.length) !== url.protocol || authority !== authority.toLowerCase()) {
    problems.push('needs its scheme and host in lower case (the identification link printed on machines, IEC 61406-1)');
  }
  if (url.username || url.password || url.search || url.hash || value.includes('?') || value.includes('#')) problems.push('must not hold a user, a query or a fragment');
  if (!/^[A-Za-z0-9._~/-]*$/.test(url.pathname)) problems.push('may hold only letters, digits, "-", ".", "_", "~" and "/" in its path');
  const longest = base.length + identificationPath.length + serialNumberMaxLength;
  if (longest > identificationLinkMaxLength) {
    problems.push(`is too long: the identification link of a ${serialNumberMaxLength}-character serial would be ${longest} characters, IEC 61406-1 allows ${identificationLinkMaxLength}`);
  }
  return problems;
}

/** What is wrong with the audit checkpoint settings: one key, readable and Ed25519; a destination outside DATA_DIR. */
interface AuditCheckpointVariables {
  DATA_DIR: string;
  S3_BUCKET?: string;
  AUDIT_SIGNING_KEY?: string;
  AUDIT_SIGNING_KEY_FILE?: string;
  AUDIT_CHECKPOINT_DIR?: string;
}

function auditCheckpointProblems(env: AuditCheckpointVariables): Array<{ variable: string; message: string }> {
  if (env.AUDIT_SIGNING_KEY && env.AUDIT_SIGNING_KEY_FILE) return [{ variable: 'AUDIT_SIGNING_KEY_FILE', message: 'give AUDIT_SIGNING_KEY or AUDIT_SIGNING_KEY_FILE, not both' }];
  const variable = env.AUDIT_SIGNING_KEY ? 'AUDIT_SIGNING_KEY' : 'AUDIT_SIGNING_KEY_FILE';
  try {
    auditSignerOf(env);
  } catch (error) {
    return [{ variable, message: (error as Error).message }];
  }
  const problems: Array<{ variable: string; message: string }> = [];
  const directory = env.AUDIT_CHECKPOINT_DIR;
  if (directory) {
    const inside = relative(resolve(repositoryRoot, env.DATA_DIR), resolve(repositoryRoot, directory));
    if (!isAbsolute(directory)) problems.push({ variable: 'AUDIT_CHECKPOINT_DIR', message: 'must be an absolute path' });
    else if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) problems.push({ variable: 'AUDIT_CHECKPOINT_DIR', message: 'must be outside DATA_DIR (whoever can change the data must not reach the checkpoints)' });
  }
  if ((env.AUDIT_SIGNING_KEY || env.AUDIT_SIGNING_KEY_FILE) && !directory && !env.S3_BUCKET) {
    problems.push({ variable: 'AUDIT_CHECKPOINT_DIR', message: 'required with an audit signing key unless S3 storage is configured (the checkpoints are written outside the database)' });
  }
  return problems;
}

/** A market of the language coverage report: a named set of languages. */
export interface MarketConfig {
  /** The name in lower case with `-` for spaces: what `?market=` takes. */
  id: string;
  name: string;
  languages: string[];
}

const marketsMax = 50;
const marketLanguagesMax = 30;
const marketNamePattern = /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,59}$/u;
const marketLanguagePattern = /^[a-z]{2}(-[A-Z]{2})?$/;

/**
 * MARKETS, strictly: markets separated by `;`, each `Name=lang,lang` (such as `DACH=de,en;France=fr,en`); a name of
 * letters, digits, spaces, `-` and `_` (at most 60), unique; 1 to 30 language codes such as `de` or `fr-CH`, each once.
 */
export function parseMarkets(value: string): { markets: MarketConfig[]; problems: string[] } {
  const markets: MarketConfig[] = [];
  const problems: string[] = [];
  const entries = value.split(';').map((entry) => entry.trim());
  if (entries.length > marketsMax) return { markets: [], problems: [`holds more than ${marketsMax} markets`] };
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    if (equals === -1) {
      problems.push(`"${entry}" is not Name=lang,lang (markets are separated by ";", such as DACH=de,en;France=fr,en)`);
      continue;
    }
    const name = entry.slice(0, equals).trim();
    const languages = entry.slice(equals + 1).split(',').map((language) => language.trim());
    const id = name.toLowerCase().replaceAll(' ', '-');
    if (!marketNamePattern.test(name)) problems.push(`market name "${name}" must be 1 to 60 letters, digits, spaces, "-" or "_"`);
    else if (markets.some((market) => market.id === id)) problems.push(`market "${name}" is given twice`);
    const wrong = languages.filter((language) => !marketLanguagePattern.test(language));
    if (wrong.length > 0) problems.push(`market "${name}": "${wrong.join('", "')}" is not a language code such as de or fr-CH`);
    else if (new Set(languages).size !== languages.length) problems.push(`market "${name}" names a language twice`);
    else if (languages.length > marketLanguagesMax) problems.push(`market "${name}" has more than ${marketLanguagesMax} languages`);
    markets.push({ id, name, languages });
  }
  return problems.length > 0 ? { markets: [], problems } : { markets, problems };
}

export interface Config extends Env {
  /** MARKETS parsed: the markets of the language coverage report. */
  markets: MarketConfig[];
  /** PUBLIC_URL without a trailing slash, defaulting to http://localhost:PORT. */
  publicUrl: string;
  /** Absolute DATA_DIR (relative values are taken from the repository root, like WEB_DIST_DIR). */
  dataDir: string;
  sqliteFile: string;
  /** Absolute WEB_DIST_DIR (relative values are taken from the repository root). */
  webDistDir: string;
  /** Issuer the API trusts: OIDC_ISSUER exactly as given (some issuers end with a slash), or the embedded provider at PUBLIC_URL/oidc. */
  oidcIssuer: string;
  embeddedOidc: boolean;
  /** The embedded provider accepts the published demo accounts (local PUBLIC_URL, or DEMO_ACCOUNTS=true). */
  demoAccounts: boolean;
  /** `npm run dev` (WEB_DEV_SERVER=true): the Vite dev server is a trusted web origin. */
  development: boolean;
  /** Origins the web app runs on: redirect URIs, CORS origins and frame ancestors; never the dev server in production. */
  webOrigins: string[];
}

/** Origin of the Vite dev server, trusted next to PUBLIC_URL in development only. */
export const viteDevOrigin = 'http://localhost:5173';

/**
 * Variables whose values are secret or may carry a password (URLs with credentials): a problem with
 * one of them never prints the value.
 */
const secretVariables = new Set([
  'DATABASE_URL', 'REDIS_URL', 'SENTRY_DSN', 'SMTP_URL', 'FILE_URL_SECRET', 'API_SUBSCRIPTION_KEY', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN', 'AUDIT_SIGNING_KEY',
]);

/** A PUBLIC_URL host only this machine reaches: localhost, 127.0.0.0/8 or ::1. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || (isIPv4(host) && host.startsWith('127.'));
}

/** Thrown by loadConfig with one readable line per wrong value. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const repositoryRoot = resolve(import.meta.dirname, '../../..');

function withoutBlanks(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''),
  );
}

/** Parses the environment once at start; throws a ConfigError listing every wrong value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const value = env[name];
        const shown = value === undefined ? '' : secretVariables.has(name) ? ' (value hidden)' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const values = parsed.data;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const dataDir = resolve(repositoryRoot, values.DATA_DIR);
  const development = values.WEB_DEV_SERVER === 'true';
  return {
    ...values,
    publicUrl,
    dataDir,
    sqliteFile: resolve(dataDir, 'portal.sqlite'),
    webDistDir: resolve(repositoryRoot, values.WEB_DIST_DIR),
    oidcIssuer: values.OIDC_ISSUER ?? `${publicUrl}/oidc`,
    embeddedOidc: values.OIDC_ISSUER === undefined,
    demoAccounts: values.DEMO_ACCOUNTS === undefined ? isLocalHost(new URL(publicUrl).hostname) : values.DEMO_ACCOUNTS === 'true',
    development,
    markets: parseMarkets(values.MARKETS).markets,
    webOrigins: [...new Set([new URL(publicUrl).origin, ...(development ? [viteDevOrigin] : [])])],
  };
}

/**
 * For entry points (server, worker): the configuration, or every problem printed and exit code 1.
 * `check` may refuse a configuration that is valid in general but not for this entry point.
 */
export function loadConfigOrExit(check: (config: Config) => void = () => undefined): Config {
  try {
    const config = loadConfig();
    check(config);
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
