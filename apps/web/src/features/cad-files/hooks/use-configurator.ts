import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CadCatalogueResponse, CadFormat } from '@portal/contracts/cad';
import {
  choose,
  configuratorSteps,
  firstOpenStep,
  parseSelection,
  resolveSelection,
  toSelectionParams,
  type ConfiguratorStep,
} from '../utils/configurator-state';

/**
 * The configurator's state: the choices live in the URL (a favourite or a shared link reopens the
 * same set); which finished step the user went back to look at is local.
 */
export function useConfigurator(catalogue: CadCatalogueResponse) {
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => parseSelection(params), [params]);
  const resolved = useMemo(() => resolveSelection(catalogue, selection), [catalogue, selection]);
  const steps = configuratorSteps(resolved.model);
  const open = firstOpenStep(resolved);
  const [viewed, setViewed] = useState<number | null>(null);
  const active = viewed !== null && viewed <= open ? viewed : open;

  const chosenCode = (step: ConfiguratorStep): string | null => {
    if (step.kind === 'family') return resolved.family?.code ?? null;
    if (step.kind === 'model') return resolved.model?.code ?? null;
    if (step.kind === 'option') return resolved.chosen.get(step.group.code) ?? null;
    return null;
  };

  /** Records a choice and moves on to the next step waiting for one; the same choice again only moves on. */
  const pick = (step: ConfiguratorStep, code: string) => {
    if (chosenCode(step) !== code) setParams(toSelectionParams(choose(resolved, step, code)));
    setViewed(null);
  };

  const setFormat = (format: CadFormat) => setParams(toSelectionParams({ ...selection, format }), { replace: true });

  const restart = () => {
    setParams(new URLSearchParams());
    setViewed(null);
  };

  return { selection, resolved, steps, open, active, chosenCode, view: setViewed, pick, setFormat, restart };
}
