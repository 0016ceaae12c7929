import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client/api-error';
import { documentLinkFailure } from './document-link-error';

describe('documentLinkFailure (spec §8)', () => {
  it.each([
    [{ error: 'invalidParameters', message: 'Bad reference' }, 'documentLink.invalidParameters'],
    [{ error: 'documentNotFound', message: 'No such document' }, 'documentLink.documentNotFound'],
    [{ error: 'versionNotFound', message: 'No such version' }, 'documentLink.versionNotFound'],
    ['invalidParameters', 'documentLink.invalidParameters'],
    ['documentNotFound', 'documentLink.documentNotFound'],
    ['versionNotFound', 'documentLink.versionNotFound'],
  ])('404 with body %j shows %s', (body, message) => {
    expect(documentLinkFailure(new ApiError(404, body))).toEqual({ kind: 'denied', message });
  });

  it.each([[{ error: 'notFound' }], ['somethingElse'], [undefined], [{ message: 'gone' }], ['toString'], ['constructor']])(
    '404 with any other body (%j) shows the document-not-found message',
    (body) => {
      expect(documentLinkFailure(new ApiError(404, body))).toEqual({ kind: 'denied', message: 'documentLink.documentNotFound' });
    },
  );

  it('403 shows the document-forbidden message', () => {
    expect(documentLinkFailure(new ApiError(403, { error: 'forbidden', message: 'Not for you' }))).toEqual({
      kind: 'denied',
      message: 'documentLink.documentForbidden',
    });
  });

  it.each([400, 409, 422, 500, 502, 503])('status %i gives the negative toast', (status) => {
    expect(documentLinkFailure(new ApiError(status, { error: 'x' }))).toEqual({ kind: 'toast' });
  });

  it('a network failure gives the negative toast', () => {
    expect(documentLinkFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'toast' });
  });

  it('a cancelled request shows nothing', () => {
    expect(documentLinkFailure(new DOMException('Request cancelled', 'AbortError'))).toEqual({ kind: 'cancelled' });
  });
});
