import i18n from 'i18next';
import { modelNamespace } from '../../lib/i18n/i18n';

/**
 * Loads the viewer's texts (namespace `model`, src/locales/model/<language>.json) with its chunk;
 * later language switches load them for the new language too, since i18next reloads every namespace
 * it has loaded.
 */
export function loadModelTexts(): Promise<void> {
  return i18n.loadNamespaces(modelNamespace);
}
