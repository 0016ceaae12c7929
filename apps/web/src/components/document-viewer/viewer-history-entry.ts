import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The history-state key that marks the entry a viewer opened from a list pushed over its page. */
export const viewerEntryKey = 'documentViewer';

/** Whether a history state is one a viewer pushed (navigation effects leave such steps alone). */
export function isViewerEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && viewerEntryKey in state;
}

let openings = 0;

/**
 * A viewer opened from a list pushes a history entry over the page, same address, so that Back
 * closes the viewer rather than leaving the page. The returned `close` (the close button) steps
 * back over that entry; either way `onClose` runs once the entry is left.
 */
export function useViewerHistoryEntry(onClose: () => void): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const [entryId] = useState(() => `viewer-${++openings}`);
  const entered = useRef(false);
  const onOwnEntry = (location.state as Record<string, unknown> | null)?.[viewerEntryKey] === entryId;

  const leave = useEffectEvent(onClose);
  const push = useEffectEvent(() => {
    const state: Record<string, unknown> = { ...(location.state as object | null), [viewerEntryKey]: entryId };
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { state });
  });
  useEffect(() => {
    if (onOwnEntry) entered.current = true;
    else if (entered.current) leave();
    else push();
  }, [onOwnEntry]);

  return () => {
    if (onOwnEntry) void navigate(-1);
    else onClose();
  };
}
