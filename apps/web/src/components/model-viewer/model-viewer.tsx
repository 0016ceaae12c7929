import { Box, Loader, Text } from '@mantine/core';
import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBreakpoint } from '../../lib/hooks/use-breakpoint';
import { addPick, markedPoints, startMeasure, type MeasureState } from './geometry/measurement';
import { ModelScene } from './geometry/model-scene';
import { hideNode, isDrawn, isolateNode, showAll, type ModelTreeNode } from './geometry/model-tree';
import { loadModelFresh } from './load-model';
import { MeasureReadout } from './measure-readout';
import { ModelRenderer } from './model-renderer';
import { ModelToolbar, type ToolbarState } from './model-toolbar';
import { ModelTreePanel } from './model-tree-panel';
import { CompareLegend } from './compare-legend';
import { useVersionCompare, type CompareVersion } from './use-version-compare';

export interface ModelViewerProps {
  /** The signed URL of the model's GLB. */
  url: string;
  /** A fresh signed URL, asked for when `url` no longer loads (signed URLs expire). */
  freshUrl?: () => Promise<string>;
  /** Names the snapshot file. */
  title: string;
  /** Earlier versions that also have a model, newest first: "Compare with version …". */
  versions?: readonly CompareVersion[];
  onSettled?: () => void;
}

interface Loaded {
  scene: ModelScene;
  sizeMm: [number, number, number];
}

const initialTools: ToolbarState = { measure: 'off', unit: 'mm', sectionAxis: 'off', sectionPosition: 0.5, explode: 0 };
/** A click that moved less than this (pixels) picks; more is a drag of the camera. */
const clickSlop = 4;
/** Picks snap to corners and edges this close on screen (pixels). */
const snapPixels = 8;

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The 3D model viewer (issue 29): orbit, pan and zoom with mouse or touch, standard views, the model
 * tree, measuring, sections, an exploded view and a PNG snapshot. Loaded only when a model is opened.
 */
export default function ModelViewer({ url, freshUrl, title, versions = [], onSettled }: ModelViewerProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const renderer = useRef<ModelRenderer | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [tools, setTools] = useState(initialTools);
  const [flipped, setFlipped] = useState(false);
  const [measure, setMeasure] = useState<MeasureState | null>(null);
  const wide = useBreakpoint() !== 'xs';
  const [treeOpen, setTreeOpen] = useState<boolean | null>(null);
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const down = useRef<{ x: number; y: number } | null>(null);
  const settled = useEffectEvent(() => onSettled?.());
  const askFreshUrl = useEffectEvent(() => (freshUrl ? freshUrl() : Promise.reject(new Error('No fresh URL to ask for.'))));
  const showTree = treeOpen ?? wide;
  const [compareWith, setCompareWith] = useState<string | null>(null);
  const compared = versions.find((version) => version.id === compareWith) ?? null;
  const partName = useCallback((index: number) => t('viewer.model.part', { index }), [t]);
  const comparison = useVersionCompare(loaded?.scene ?? null, renderer, compared, partName, tools.explode);

  useEffect(() => {
    const abort = new AbortController();
    let scene: ModelScene | null = null;
    loadModelFresh(url, askFreshUrl, abort.signal).then(
      (model) => {
        scene = new ModelScene(model.root, partName);
        setLoaded({ scene, sizeMm: model.sizeMm });
      },
      () => {
        if (!abort.signal.aborted) setFailed(true);
        settled();
      },
    );
    return () => {
      abort.abort();
      scene?.dispose();
    };
  }, [url, partName]);

  useEffect(() => {
    if (!loaded || !host.current) return;
    const view = new ModelRenderer(host.current, loaded.scene);
    renderer.current = view;
    settled();
    return () => {
      view.dispose();
      renderer.current = null;
    };
  }, [loaded]);

  useEffect(() => {
    if (!loaded) return;
    loaded.scene.setSection(tools.sectionAxis === 'off' ? null : { axis: tools.sectionAxis, position: tools.sectionPosition, flipped });
    loaded.scene.explode(tools.explode);
    renderer.current?.requestRender();
  }, [loaded, tools.sectionAxis, tools.sectionPosition, tools.explode, flipped]);

  useEffect(() => {
    if (loaded) renderer.current?.showMarkers(measure ? markedPoints(measure, (mesh) => loaded.scene.explodeOffset(mesh)) : []);
  }, [measure, loaded, tools.explode]);

  const changeTools = (change: Partial<ToolbarState>) => {
    setTools((current) => ({ ...current, ...change }));
    if (change.measure !== undefined) setMeasure(change.measure === 'off' ? null : startMeasure(change.measure));
  };

  const refresh = () => {
    renderer.current?.requestRender();
    redraw();
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = down.current;
    down.current = null;
    if (!start || !measure || !renderer.current || Math.hypot(event.clientX - start.x, event.clientY - start.y) > clickSlop) return;
    const pick = renderer.current.pick(event.clientX, event.clientY);
    if (!pick || !loaded) return;
    const offset = loaded.scene.explodeOffset(pick.mesh);
    setMeasure(addPick(measure, { mesh: pick.mesh, triangle: pick.triangle, point: pick.point, tolerance: pick.unitsPerPixel * snapPixels, offset }));
  };

  const snapshot = () => {
    renderer.current?.snapshot().then((blob) => blob && saveBlob(blob, `${title.replace(/[\\/:*?"<>|]+/g, '_')}.png`), () => undefined);
  };

  if (failed) {
    return (
      <Box p="md">
        <Text role="alert">{t('viewer.model.loadFailed')}</Text>
      </Box>
    );
  }

  return (
    <Box h="100%" display="flex" style={{ flexDirection: 'column', minHeight: 320 }} data-testid="model-viewer">
      {loaded && (
        <ModelToolbar
          state={tools}
          onChange={changeTools}
          onView={(view) => renderer.current?.setView(view)}
          onFit={() => renderer.current?.fit()}
          onFlip={() => setFlipped((current) => !current)}
          onSnapshot={snapshot}
          treeOpen={showTree}
          onToggleTree={() => setTreeOpen(!showTree)}
          versions={versions}
          compareWith={compareWith}
          onCompare={setCompareWith}
        />
      )}
      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        {loaded && showTree && (
          <Box w={wide ? 240 : 170} style={{ borderRight: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}>
            <ModelTreePanel
              tree={loaded.scene.tree}
              onToggle={(node) => {
                if (isDrawn(node.object)) hideNode(node);
                else showNodePath(node);
                refresh();
              }}
              onIsolate={(node) => {
                isolateNode(loaded.scene.tree, node);
                refresh();
              }}
              onShowAll={() => {
                showAll(loaded.scene.tree);
                refresh();
              }}
              onHover={(node) => {
                loaded.scene.highlight(node);
                renderer.current?.requestRender();
              }}
            />
          </Box>
        )}
        <Box pos="relative" style={{ flex: 1, minWidth: 0, overflow: 'hidden', cursor: measure ? 'crosshair' : 'grab' }}>
          <Box
            ref={host}
            pos="absolute"
            inset={0}
            role="img"
            aria-label={t('viewer.model.canvas', { title })}
            onPointerDown={(event) => (down.current = { x: event.clientX, y: event.clientY })}
            onPointerUp={onPointerUp}
          />
          {compared && <CompareLegend state={comparison} version={compared.label} />}
          {loaded ? (
            <MeasureReadout sizeMm={loaded.sizeMm} unit={tools.unit} mode={tools.measure} result={measure?.result ?? null} exploded={tools.explode > 0} />
          ) : (
            <Box pos="absolute" inset={0} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
              <Loader role="status" aria-label={t('app.loading')} />
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** Shows a hidden node, with the ancestors it needs to be drawn. */
function showNodePath(node: ModelTreeNode): void {
  for (let object: ModelTreeNode['object'] | null = node.object; object; object = object.parent) object.visible = true;
}
