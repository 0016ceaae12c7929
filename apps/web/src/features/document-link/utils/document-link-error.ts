import { isAbortError } from '../../../lib/cancellation';
import { ApiError } from '../../../lib/api-client/api-error';

/** How the document-link page answers a failed access check (spec §8). */
export type DocumentLinkFailure =
  /** The access-denied panel (without contact section) showing this translation key. */
  | { kind: 'denied'; message: DocumentLinkMessage }
  /** A negative toast with the unknown-error text; the error is logged. */
  | { kind: 'toast' }
  /** Cancelled by a navigation: nothing to show. */
  | { kind: 'cancelled' };

export type DocumentLinkMessage =
  | 'documentLink.invalidParameters'
  | 'documentLink.documentNotFound'
  | 'documentLink.versionNotFound'
  | 'documentLink.documentForbidden';

const notFoundMessages = new Map<string, DocumentLinkMessage>([
  ['invalidParameters', 'documentLink.invalidParameters'],
  ['documentNotFound', 'documentLink.documentNotFound'],
  ['versionNotFound', 'documentLink.versionNotFound'],
]);

export function documentLinkFailure(error: unknown): DocumentLinkFailure {
  if (isAbortError(error)) return { kind: 'cancelled' };
  if (!(error instanceof ApiError)) return { kind: 'toast' };
  if (error.status === 403) return { kind: 'denied', message: 'documentLink.documentForbidden' };
  if (error.status === 404) {
    // Any other 404 body reads as "document not found".
    return { kind: 'denied', message: notFoundMessages.get(error.code ?? '') ?? 'documentLink.documentNotFound' };
  }
  return { kind: 'toast' };
}
