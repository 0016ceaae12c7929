export interface SentUpload {
  url: string;
  method: string;
  metadata: Record<string, unknown>;
  files: File[];
  /** By lower-case name, as the API client's Headers give them. */
  headers: Record<string, string>;
}

export interface UploadAnswer {
  status: number;
  body: unknown;
  /** Progress events sent before the answer, as [loaded, total]; one at half way unless given. */
  progress?: Array<[loaded: number, total: number]>;
}

/**
 * An XMLHttpRequest class as the browser has it: each upload is answered by `answer` after its
 * progress events; a network failure when `answer` throws, no answer at all (until aborted) when
 * it answers null. Records every upload in `sent`.
 */
export function fakeXhrClass(answer: (upload: SentUpload) => UploadAnswer | null) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    headers: Record<string, string> = {};
    private method = '';
    private url = '';
    private done = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getAllResponseHeaders() {
      return this.status ? 'content-type: application/json\r\n' : '';
    }
    abort() {
      if (this.done) return;
      this.done = true;
      this.onabort?.();
    }
    send(form: FormData) {
      const upload: SentUpload = {
        url: this.url,
        method: this.method,
        metadata: JSON.parse(String(form.get('metadata'))) as Record<string, unknown>,
        files: form.getAll('file') as File[],
        headers: { ...this.headers },
      };
      sent.push(upload);
      setTimeout(() => {
        if (this.done) return;
        let answered: UploadAnswer | null;
        try {
          answered = answer(upload);
        } catch {
          this.done = true;
          this.onerror?.();
          return;
        }
        // No answer: the upload hangs until it is aborted.
        if (!answered) return;
        this.done = true;
        for (const [loaded, total] of answered.progress ?? [[5, 10]]) this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        this.status = answered.status;
        this.responseText = answered.body === undefined ? '' : JSON.stringify(answered.body);
        this.onload?.();
      });
    }
  }
  return { sent, FakeXhr };
}
