/*
 * filePath strings that try to leave the document area: traversal, absolute paths, drive letters,
 * UNC paths, encodings (single, double, overlong UTF-8, backslash), dot lookalikes, control
 * characters. Each is written as it appears in the URL's query string (already percent-encoded
 * where an attacker would encode), so a test can send it verbatim and let the server decode once.
 * None of them is a legitimate encoding of a readable path.
 */

const traversals = [
  '..', '.', '...', '%2e%2e', '%2E%2E', '%2e.', '.%2e', '%252e%252e', '%25252e%25252e', '%c0%ae%c0%ae', '%e0%80%ae%e0%80%ae',
  '%c0%2e%c0%2e', '%u002e%u002e', '%uff0e%uff0e', '%e2%80%a4%e2%80%a4', '%ef%bc%8e%ef%bc%8e', '%e3%80%82', '%ef%b9%92%ef%b9%92',
  '..%00', '%00', '..%2f', '..%5c', '..\\', '%2e%2e%5c', '..%c0%af', '..%c1%9c', '.%00.', '..;', '..%20', '%20..', '..%09',
  '%0a', '%0d', '%7f', '%1b', '~', '~root', '$HOME', '..%252f', '....//', '..../', '.../.',
];

const wrappers: Array<(payload: string) => string> = [
  (p) => p,
  (p) => `${p}/etc/passwd`,
  (p) => `documents/${p}`,
  (p) => `documents/${p}/PARTNERS`,
  (p) => `documents/OPEN1/${p}`,
  (p) => `documents/OPEN1/${p}/${p}/secrets/file-url-secret`,
  (p) => `documents/${p}%2f${p}%2fsecrets`,
];

const explicit = [
  '/etc/passwd', '%2fetc%2fpasswd', '//etc/passwd', '/documents/OPEN1', '%2Fdocuments%2FOPEN1', 'C:/Windows/win.ini', 'C:%5cWindows', 'c:',
  'C%3a%5cboot.ini', '%5c%5cserver%5cshare', '\\\\server\\share', 'file:///etc/passwd', 'file%3a%2f%2f%2fetc%2fpasswd',
  'documents//OPEN1', 'documents/OPEN1/', 'documents/OPEN1//A', 'documents/./OPEN1', 'documents/OPEN1/./A', 'documents\\OPEN1',
  'documents%5cOPEN1', 'documents/OPEN1/A/../../PARTNERS', 'documents/OPEN1/..%2f..%2fPARTNERS', '%20documents/OPEN1',
  'documents/OPEN1%20', 'documents/%20OPEN1', 'documents/OPEN1%00', 'documents/OPEN1%00.zip', 'documents/OPEN1%0a',
  'documents/OPEN1?x=1', 'documents/OPEN1%3fx', 'documents/OPEN1%23x', 'documents/OPEN1;PARTNERS', 'documents/OPEN1%3bPARTNERS',
  '__proto__/x', 'documents/__proto__', '%ef%bb%bfdocuments/OPEN1',
  'documents%e2%81%84OPEN1', 'documents%ef%bc%8fOPEN1', 'documents/OPEN1%e2%80%ae', 'documents/%e2%80%8bOPEN1',
  'documents/OPEN1/A/B/C/D/E/F/G/H', `documents/${'A'.repeat(600)}`, '',
  'software/../documents/PARTNERS', 'documents/OPEN1/A/..', 'documents/OPEN1/A/.', '.documents/OPEN1', 'documents/.OPEN1',
];

/** Well-formed paths to content a customer may not have (403 or 404), never a 200. */
export const unreadableTargets = [
  'documents/PARTNERS', 'documents/PARTNERS/A', 'documents/FIXED', 'documents/DRAFT', 'documents/OPEN1/C', 'documents/OPEN1/Z',
  'documents/constructor', 'constructor/x', 'hasOwnProperty/x', 'toString', 'DOCUMENTS/OPEN1', 'Documents/OPEN1', 'documents/OPEN1/A/x',
];

/** Every corpus entry once, as it is to be placed in the query string; the path parser refuses each (400). */
export const traversalCorpus: string[] = [...new Set([...traversals.flatMap((payload) => wrappers.map((wrap) => wrap(payload))), ...explicit])];
