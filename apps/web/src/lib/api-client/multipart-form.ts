/**
 * The body of the API's upload endpoints: a `metadata` field holding JSON first (the server reads
 * it before the files it describes), then one `file` field per file.
 */
export function multipartForm(metadata: unknown, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  for (const file of files) form.append('file', file, file.name);
  return form;
}
