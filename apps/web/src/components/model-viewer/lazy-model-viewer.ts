import { lazy } from 'react';
import { loadOnce } from '../../lib/load-once';
import { loadModelTexts } from './model-texts';

/** three.js, the viewer and its texts (their own chunks) load only when a model is opened. */
export const loadModelViewer = loadOnce(() => Promise.all([import('./model-viewer'), loadModelTexts()]).then(([viewer]) => viewer));

export const LazyModelViewer = lazy(loadModelViewer);
