import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { compareParts, paintComparison, unpaintComparison, type PartChange } from './geometry/compare';
import { ModelScene } from './geometry/model-scene';
import { loadModel } from './load-model';
import type { ModelRenderer } from './model-renderer';

/** An earlier version of the shown document whose model can be compared with it. */
export interface CompareVersion {
  id: string;
  /** Its version label, e.g. `B`. */
  label: string;
  /** The signed URL of its GLB, asked for when the comparison starts. */
  url: (signal: AbortSignal) => Promise<string>;
}

export type CompareState = { status: 'off' | 'loading' | 'failed' } | { status: 'shown'; counts: Record<PartChange, number> };

/**
 * "Compare with version …": loads the earlier version's model, draws it over the shown one and
 * colours the parts added (green), removed (red, see-through, from the earlier model) and unchanged
 * (grey); switching back gives the parts their colours again.
 */
export function useVersionCompare(
  scene: ModelScene | null,
  renderer: RefObject<ModelRenderer | null>,
  version: CompareVersion | null,
  fallbackName: (index: number) => string,
  /** The explode slider: the earlier model's parts move apart with the shown one's. */
  explode: number,
): CompareState {
  const earlierScene = useRef<ModelScene | null>(null);
  const explodeFactor = useEffectEvent(() => explode);
  const [result, setResult] = useState<{ versionId: string; state: CompareState } | null>(null);
  const versionId = version?.id ?? null;
  // The parent may hand a new list each render: the comparison restarts only when the version does.
  const versionUrl = useEffectEvent((signal: AbortSignal) => (version ? version.url(signal) : Promise.reject(new Error('No version to compare with.'))));
  useEffect(() => {
    if (!scene || !versionId) return;
    const abort = new AbortController();
    let earlier: ModelScene | null = null;
    let view: ModelRenderer | null = null;
    versionUrl(abort.signal)
      .then((url) => loadModel(url, abort.signal))
      .then(
        (model) => {
          if (abort.signal.aborted) return;
          earlier = new ModelScene(model.root, fallbackName);
          earlier.explode(explodeFactor());
          earlierScene.current = earlier;
          const comparison = compareParts(scene.compared, earlier.compared);
          paintComparison(comparison.current, false);
          paintComparison(comparison.earlier, true);
          view = renderer.current;
          view?.setOverlay(earlier.root);
          const count = (changes: Map<unknown, PartChange>, change: PartChange) => [...changes.values()].filter((value) => value === change).length;
          const counts = { added: count(comparison.current, 'added'), removed: count(comparison.earlier, 'removed'), unchanged: count(comparison.current, 'unchanged') };
          setResult({ versionId, state: { status: 'shown', counts } });
        },
        () => {
          if (!abort.signal.aborted) setResult({ versionId, state: { status: 'failed' } });
        },
      );
    return () => {
      abort.abort();
      unpaintComparison(scene.compared.map((part) => part.object));
      view?.setOverlay(null);
      earlier?.dispose();
      earlierScene.current = null;
    };
  }, [scene, renderer, versionId, fallbackName]);
  useEffect(() => {
    earlierScene.current?.explode(explode);
  }, [explode]);
  if (!scene || !versionId) return { status: 'off' };
  return result?.versionId === versionId ? result.state : { status: 'loading' };
}
