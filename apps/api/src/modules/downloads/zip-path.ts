import { badRequest } from '../../platform/errors.ts';

/*
 * A `downloadZip` filePath names content by reference (`documents/<serviceRef>/<version>`), never a
 * place on disk: resolvers look the segments up in the database. Still, the path is checked
 * strictly so that nothing odd reaches a resolver: an allow-list of characters per segment leaves
 * out `..`, `.`, empty segments, backslashes, absolute paths, drive letters, control characters,
 * percent signs (double encoding), and every non-ASCII character (overlong UTF-8, dot lookalikes).
 */

const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9._,~+-]{0,127}$/;
const maxSegments = 8;
const maxLength = 512;

const invalid = (reason: string) =>
  badRequest('invalidParameters', 'filePath is not a valid content path.', [{ path: 'querystring.filePath', message: reason }]);

/** The segments of a filePath (as received, already URL-decoded once); 400 `invalidParameters` for anything irregular. */
export function splitZipPath(filePath: unknown): string[] {
  if (typeof filePath !== 'string' || filePath.length === 0) throw invalid('is missing');
  if (filePath.length > maxLength) throw invalid(`is longer than ${maxLength} characters`);
  const segments = filePath.split('/');
  if (segments.length > maxSegments) throw invalid(`has more than ${maxSegments} segments`);
  for (const segment of segments) {
    if (!segmentPattern.test(segment)) throw invalid('has an empty, relative or malformed segment');
    if (segment.includes('..')) throw invalid('contains ".."');
  }
  return segments;
}
