import fc from 'fast-check';

/*
 * Inputs an attacker or a broken client sends: wrong types, huge strings, unicode that breaks
 * naive code (bidi controls, NUL, lone surrogates, emoji, case folding that changes length),
 * path tricks and boundary numbers.
 */

const hugeLength = 100 * 1024;

export const boundaryNumbers = [-1, 0, -0, 1, 0.5, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), Number.NaN, Infinity, -Infinity, 1e308, -1e308, 5e-324];

const unicodeTricks = [
  '\u202Efdp.exe', '\u2066x\u2069', '\u200B', '\uFEFF', 'a\u0000b', '\u0000', '\uD800', '\uDFFF', 'x\uD83D', '👩‍👩‍👧‍👦', '🙂'.repeat(50),
  'e\u0301', 'İstanbul', 'ß', 'ﬃ', '\u3000', '／', '．．／', '\r\n', 'ＡＢＣ', 'Ω≈ç√', '\u0085', '\t', ' ', '',
];

const pathTricks = [
  '../', '../../../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f', '%2e%2e/%2e%2e/', '..%2f..%2f', '%252e%252e%252f', '....//',
  '/etc/passwd', '\\\\server\\share', 'C:\\boot.ini', 'file:///etc/passwd', 'a/../../b', './.', '.', '..', '%2F', '%5C', '%00', '%', '%zz',
  'manifest.csv', '.git/config', 'con', 'nul:',
];

const syntaxTricks = [
  "' OR '1'='1", '"; DROP TABLE documents; --', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '*', '"', '""', '(', ')', 'NEAR(a b)',
  'a OR b', 'NOT', 'AND', '^', '-', 'title:x', 'a*', '\\', '\\"', '%s%n', 'null', 'undefined', '[]', '{}', 'true', '__proto__', 'constructor',
];

const numericStrings = ['-1', '0', '-0', '00', '1.5', '1e308', '-1e308', '9007199254740993', 'NaN', 'Infinity', '0x10', ' 1', '1 ', '+1', '1,2'];

const hugeStrings = [
  'a'.repeat(hugeLength),
  '🙂'.repeat(hugeLength / 4),
  '../'.repeat(hugeLength / 3),
  '\u202E'.repeat(hugeLength / 3),
  '%'.repeat(hugeLength),
  'a,'.repeat(hugeLength / 2),
  'word '.repeat(hugeLength / 5),
];

/** One hostile string: a known trick, a huge one, or random text of any code units. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...unicodeTricks, ...pathTricks, ...syntaxTricks, ...numericStrings) },
  { weight: 1, arbitrary: fc.constantFrom(...hugeStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 20 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...pathTricks), fc.constantFrom(...unicodeTricks, 'x', 'ACME-001')).map(([a, b]) => `${a}${b}`) },
);

/** Nested arrays deep enough to hurt a recursive walker. */
const deepValue = (depth: number): unknown => Array.from({ length: depth }).reduce<unknown>((inner) => [inner], 0);

/** Any JSON-ish value of the wrong kind for where it is put. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...boundaryNumbers) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: {} } }) },
  { weight: 1, arbitrary: fc.constantFrom(deepValue(64), deepValue(2000)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.constantFrom(Array.from({ length: 10_000 }, (_, i) => `v${i}`)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
