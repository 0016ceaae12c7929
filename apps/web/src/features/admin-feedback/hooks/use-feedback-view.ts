import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { feedbackStatusSchema, feedbackSubjectKinds, type FeedbackStatus, type FeedbackSubjectKind } from '@portal/contracts/feedback';

export interface FeedbackView {
  status: FeedbackStatus | null;
  subjectKind: FeedbackSubjectKind | null;
  /** One subject's queue (the documents table links here with `?subjectKind=document&subjectId=…`). */
  subjectId: string | null;
  page: number;
}

const isKind = (value: string | null): value is FeedbackSubjectKind => feedbackSubjectKinds.includes(value as FeedbackSubjectKind);

/** The queue's view from the address; anything unknown reads as unset. */
export function parseFeedbackView(params: URLSearchParams): FeedbackView {
  const status = feedbackStatusSchema.safeParse(params.get('status'));
  const kind = params.get('subjectKind');
  const subjectId = params.get('subjectId')?.trim().slice(0, 200) || null;
  const page = Number(params.get('page'));
  return {
    status: status.success ? status.data : null,
    subjectKind: isKind(kind) ? kind : null,
    subjectId,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function toFeedbackParams({ status, subjectKind, subjectId, page }: FeedbackView): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (subjectKind) params.set('subjectKind', subjectKind);
  if (subjectId) params.set('subjectId', subjectId);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The queue's filters and page, kept in the address (a subject's queue can be linked to). */
export function useFeedbackView(): [FeedbackView, (patch: Partial<FeedbackView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseFeedbackView(params), [params]);
  const update = useCallback(
    // A filter change starts again at page 1.
    (patch: Partial<FeedbackView>) => setParams((current) => toFeedbackParams({ ...parseFeedbackView(current), page: 1, ...patch })),
    [setParams],
  );
  return [view, update];
}
