export interface DownloadProgress {
  loaded: number;
  /** From Content-Length; null when the server did not say. */
  total: number | null;
}

/** Fetches `url` as a blob, reporting the bytes received as they arrive. */
export async function fetchBlobWithProgress(
  url: string,
  onProgress: (progress: DownloadProgress) => void,
  { fetch = globalThis.fetch, signal }: { fetch?: typeof globalThis.fetch; signal?: AbortSignal } = {},
): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body) return response.blob();

  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(chunks, { type });
}

/** Saves a blob under `fileName` through a temporary `<a download>`. */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
