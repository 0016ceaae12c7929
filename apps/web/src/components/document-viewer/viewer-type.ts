import { previewKindOf, type PreviewKind } from '@portal/contracts/preview-kinds';

export type ViewerType = PreviewKind;

/**
 * Spec §2/§4: how the viewer shows a file, by its suffix (case-insensitive) in the order pdf,
 * Office documents (as PDF), video, image, anything else. The lists are shared with the server,
 * which renders the previews by the same rule.
 */
export function viewerTypeOf(fileName: string): ViewerType {
  return previewKindOf(fileName);
}
