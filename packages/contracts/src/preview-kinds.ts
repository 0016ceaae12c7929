/**
 * How a file is previewed, chosen by its file-name suffix in the order of the specification
 * (§2 document viewer, §4): pdf, Office documents (shown as PDF), video, image, 3D model, anything else.
 */
export const previewKinds = ['pdf', 'docs', 'video', 'image', 'model', 'other'] as const;
export type PreviewKind = (typeof previewKinds)[number];

const extensionsByKind: Record<Exclude<PreviewKind, 'other'>, readonly string[]> = {
  pdf: ['pdf'],
  // Shown as a PDF the server makes: Office files (legacy ones too) with LibreOffice, TIFF scans
  // (which browsers cannot show) page by page from their pictures.
  docs: ['doc', 'docx', 'odp', 'ods', 'odt', 'pot', 'potm', 'pps', 'ppsx', 'ppsxm', 'ppt', 'pptx', 'rtf', 'xls', 'xlsx', 'dot', 'xlt', 'wpd', 'wps', 'odg', 'tif', 'tiff'],
  video: ['flv', 'mxf', 'gxf', 'avi', 'mp4', 'm4a', 'm4v', 'wav', 'mkv', 'mov'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'svg'],
  // CAD models, shown from the binary glTF the server converts them to (issue 29).
  model: ['stp', 'step', 'igs', 'iges', 'brep', 'brp', 'stl'],
};

/** The lower-case suffix after the last dot, or '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function previewKindOf(fileName: string): PreviewKind {
  const extension = fileExtension(fileName);
  for (const kind of ['pdf', 'docs', 'video', 'image', 'model'] as const) {
    if (extensionsByKind[kind].includes(extension)) return kind;
  }
  return 'other';
}
