import { vi } from 'vitest';
import { apiClient } from '../lib/api-client/client';
import { fakeXhrClass, type SentUpload, type UploadAnswer } from './fake-xhr';

export type { SentUpload } from './fake-xhr';

/** Stubs XMLHttpRequest with `fakeXhrClass` and points the app's API client at http://api.test (tests only). */
export function fakeUploads(answer: (upload: SentUpload) => UploadAnswer) {
  const { sent, FakeXhr } = fakeXhrClass(answer);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  apiClient.configure({ baseUrl: 'http://api.test' });
  return sent;
}
