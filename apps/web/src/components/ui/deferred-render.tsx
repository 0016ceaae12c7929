import type { ReactNode } from 'react';
import { useRenderStage } from '../../lib/hooks/use-render-stage';

interface DeferredRenderProps {
  /** How many tasks after its parent's first render the content is drawn (0: with it). */
  tasks: number;
  children: ReactNode;
}

/**
 * Draws its content a few tasks after the parent's first render, so that a costly first view is
 * split into tasks that each hold the main thread briefly. Its own state: the parent is not drawn
 * again when the content appears.
 */
export function DeferredRender({ tasks, children }: DeferredRenderProps) {
  const stage = useRenderStage(tasks);
  return stage >= tasks ? <>{children}</> : null;
}
