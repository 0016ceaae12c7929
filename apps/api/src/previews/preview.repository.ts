// The documents module owns the versions and their texts: the preview jobs read and write them through its entry.
export { findPreviewVersion, saveVersionText, updateVersionPreview, type PreviewVersion } from '../modules/documents/index.ts';
