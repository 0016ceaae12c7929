import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FacetValue, SearchItem } from '@portal/contracts/documents';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { contentLabel } from '../../../lib/i18n/content-labels';
import { useProgressiveCount } from '../../../lib/hooks/use-progressive-count';
import { ResultCard } from './result-card';

/**
 * Cards drawn per task: a page of 24 is drawn in short tasks rather than one long one (on a loaded
 * 2-core EPYC three cards took 25-35 ms of processor time, and a task's wall time there is twice
 * that; Lighthouse counts every task over 50 ms as blocking). The answer's own task draws one card
 * only: it also draws the rest of the page again.
 */
const cardsPerTask = 2;
const cardsWithAnswer = 1;

interface DeferredResultCardsProps {
  items: SearchItem[];
  /** The type facet of the same answer: its labels name each card's type. */
  typeFacet: FacetValue[];
  onOpen: (document: ViewerDocument) => void;
}

interface CardBatchProps extends Omit<DeferredResultCardsProps, 'typeFacet'> {
  start: number;
  end: number;
  typeLabels: ReadonlyMap<string, string>;
}

/** A batch of cards that is drawn once: adding the next batch does not draw this one again. */
const CardBatch = memo(function CardBatch({ items, start, end, typeLabels, onOpen }: CardBatchProps) {
  return items
    .slice(start, end)
    .map((item) => <ResultCard key={item.id} item={item} typeLabel={typeLabels.get(item.typeCode) ?? item.typeCode} onOpen={onOpen} />);
});

/**
 * The result cards of one answer, in batches of a few per task (the first card with the answer),
 * each batch drawn once, so that neither the first view nor the cards below it hold the main
 * thread for long.
 */
export function DeferredResultCards({ items, typeFacet, onOpen }: DeferredResultCardsProps) {
  const shown = useProgressiveCount(items.length, cardsPerTask, items, cardsWithAnswer);
  const { t } = useTranslation();
  const typeLabels = useMemo(
    () => new Map(typeFacet.map((facet) => [facet.value, contentLabel(t, 'documentTypes', facet.value, facet.label)])),
    [typeFacet, t],
  );
  const batches = [];
  for (let start = 0, end = cardsWithAnswer; start < shown; start = end, end += cardsPerTask) {
    batches.push(<CardBatch key={start} items={items} start={start} end={Math.min(end, shown)} typeLabels={typeLabels} onOpen={onOpen} />);
  }
  return <>{batches}</>;
}
