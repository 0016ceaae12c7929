import { vi } from 'vitest';

export interface SentUpload {
  url: string;
  metadata: Record<string, unknown>;
  files: File[];
  headers: Record<string, string>;
}

/** XMLHttpRequest as the browser has it: each upload is answered by `answer` after one progress event. */
export function fakeUploads(answer: (upload: SentUpload) => { status: number; body: unknown }) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    headers: Record<string, string> = {};
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(form: FormData) {
      const upload = { url: this.url, metadata: JSON.parse(String(form.get('metadata'))) as Record<string, unknown>, files: form.getAll('file') as File[], headers: this.headers };
      sent.push(upload);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        const { status, body } = answer(upload);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
