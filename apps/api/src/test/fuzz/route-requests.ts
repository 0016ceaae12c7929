import fc from 'fast-check';
import { hostileString, hostileValue } from './hostile-values.ts';
import { schemaArbitrary, type KnownValues } from './schema-arbitrary.ts';

/** A route as Fastify registered it (from its onRoute hook). */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
  schema?: { querystring?: unknown; params?: unknown; body?: unknown };
}

export type FuzzCaller = 'customer' | 'partner' | 'admin' | 'anonymous';

export interface FuzzRequest {
  route: string;
  caller: FuzzCaller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const unreserved = /^[A-Za-z0-9\-._~]$/;

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (encodeURIComponent throws on those). */
export function percentEncode(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += byte < 0x80 && unreserved.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Path segments sent as they are (already URL-safe): traversal and double encoding the router must not undo. */
const rawPathTricks = ['..', '.', '%2e%2e', '%2E%2E%2F', '..%2F..%2Fetc%2Fpasswd', '%252e%252e%252f', '%00', 'a%00b', '%2F', '%5C..%5C', '%C0%AE%C0%AE', '%', '%zz', ';', '..;'];

/** Spellings of a route's prefix a router may decode to the same route while a check on the raw URL misses it. */
const prefixTricks: Array<(path: string) => string> = [
  (path) => path.replace(/^\/(\w)/, (_match, first: string) => `/%${first.charCodeAt(0).toString(16)}`),
  (path) => path.replace(/^\/(\w+)/, (_match, segment: string) => `/${percentEncode(segment).replace(/[a-z]/gi, (char) => `%${char.charCodeAt(0).toString(16)}`)}`),
  (path) => path.replace(/^\/(\w+)/, (_match, segment: string) => `/${segment.toUpperCase()}`),
  (path) => `/${path}`,
  (path) => path.replace(/^\/(\w+)\//, '/$1/./'),
  (path) => path.replace(/^\/(\w+)\//, '/x/../$1/'),
];

const rawQuerySuffixes = ['&%zz=1', '&q=%', '&&&', '&a[b]=1&a[c]=2', '&page=1&page=2', '&=', '&__proto__[admin]=1', '&constructor[prototype][x]=1', '#frag', '&pageSize=1&pageSize=100'];

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${percentEncode(toText(value))}`;
  const parts: string[] = [];
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    for (const item of Array.isArray(field) ? field : [field]) parts.push(`${percentEncode(key)}=${percentEncode(toText(item))}`);
  }
  return parts.join('&');
}

const bodyContentTypes = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'multipart/form-data', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'application/xml', 'application/json; charset=utf-16', 'application/octet-stream'];

const malformedJson = ['{', '{"a":', 'nul', '[1,2', '"\\ud800"', '{"__proto__":{"admin":true}}', '[' .repeat(100_000), `"${'a'.repeat(2 * 1024 * 1024)}"`, ''];

/** A multipart form like the upload routes read, with hostile metadata, file name and bytes. */
const multipartBody = fc
  .tuple(fc.oneof(hostileValue, fc.constant({ serviceRef: 'FZ-1', title: 't', typeCode: 'manual', languageCode: 'en', resourceVersion: 'A' })), hostileString, fc.uint8Array({ maxLength: 64 }), fc.boolean())
  .map(([metadata, fileName, bytes, metadataFirst]) => {
    const boundary = 'fuzzboundary';
    const field = `--${boundary}\r\ncontent-disposition: form-data; name="metadata"\r\n\r\n${toText(metadata)}\r\n`;
    const file = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName.replaceAll('"', '')}"\r\ncontent-type: application/pdf\r\n\r\n`;
    const parts = metadataFirst ? [Buffer.from(field), Buffer.from(file), Buffer.from(bytes)] : [Buffer.from(file), Buffer.from(bytes), Buffer.from(field)];
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat([...parts, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
  });

function bodyArbitrary(route: RegisteredRoute, known: KnownValues): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> {
  const json = (schema: unknown) => schemaArbitrary(schema, { known }).map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' }));
  return fc.oneof(
    { weight: 6, arbitrary: route.schema?.body ? json(route.schema.body) : fc.constant({}) },
    { weight: 2, arbitrary: json(undefined) },
    { weight: 1, arbitrary: fc.constantFrom(...malformedJson).map((payload) => ({ contentType: 'application/json', payload })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...bodyContentTypes), hostileString).map(([contentType, payload]) => ({ contentType, payload })) },
    { weight: route.url.startsWith('/api/Admin') ? 3 : 1, arbitrary: multipartBody },
  );
}

/** Fills `:name` and `*` of a route's URL with schema-shaped, hostile or raw traversal segments. */
function pathArbitrary(route: RegisteredRoute, known: KnownValues): fc.Arbitrary<string> {
  const params = schemaArbitrary(route.schema?.params, { known });
  const raw = fc.constantFrom(...rawPathTricks);
  return fc.tuple(params, fc.array(fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: raw }), { minLength: 4, maxLength: 4 }), fc.array(raw, { maxLength: 4 })).map(
    ([values, rawPicks, wildcardTricks]) => {
      const object = values !== null && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : {};
      let index = 0;
      const path = route.url.replace(/:(\w+)/g, (_match, name: string) => rawPicks[index++ % rawPicks.length] ?? (percentEncode(toText(object[name])) || 'x'));
      if (!path.endsWith('*')) return path;
      const wildcard = object['*'] !== undefined ? percentEncode(toText(object['*'])) : [...wildcardTricks, 'x'].join('/');
      return `${path.slice(0, -1)}${wildcard}`;
    },
  );
}

/** Requests for one route: its path, querystring and body from its schemas, a hostile value at any place. */
export function routeRequests(route: RegisteredRoute, known: KnownValues, callers: readonly FuzzCaller[]): fc.Arbitrary<FuzzRequest> {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD' || route.url.includes('*'));
  const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
  const query = fc.oneof(
    { weight: 8, arbitrary: schemaArbitrary(route.schema?.querystring, { known }).map(queryString) },
    { weight: 1, arbitrary: fc.constant('') },
  );
  const suffix = fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...rawQuerySuffixes) });
  return fc
    .record({
      method: fc.constantFrom(...methods),
      caller: fc.constantFrom(...callers),
      path: pathArbitrary(route, known),
      query,
      suffix,
      prefix: fc.oneof({ weight: 10, arbitrary: fc.constant((path: string) => path) }, { weight: 1, arbitrary: fc.constantFrom(...prefixTricks) }),
      body: bodyArbitrary(route, known),
    })
    .map(({ method, caller, path: plainPath, query: search, suffix: extra, prefix, body }) => {
      const path = prefix(plainPath);
      const headers: Record<string, string> = {};
      const send = hasBody(method) ? body : {};
      if (send.contentType) headers['content-type'] = send.contentType;
      const queryPart = `${search}${extra}`;
      return { route: `${methods.join(',')} ${route.url}`, caller, method, url: queryPart ? `${path}?${queryPart}` : path, headers, payload: send.payload };
    });
}
