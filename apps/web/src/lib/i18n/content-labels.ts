import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The kinds of content the API names by code. Their labels in the user's language live in the web
 * locales (`content.<kind>.<code>`); the API's own English name stands in for a code they lack
 * (content published after this build), so a code never reaches the user as it is.
 */
export type ContentLabelKind =
  | 'documentTypes'
  | 'products'
  | 'cadFamilies'
  | 'cadFamilyDescriptions'
  | 'cadModelDescriptions'
  | 'cadOptionGroups'
  | 'cadOptions'
  | 'cadExclusions';

/** Codes that can be a translation key as they are: no key separator, nothing unbounded. */
const keyableCode = /^[A-Za-z0-9_+-]{1,80}$/;

/** The label of `code` in the current language, or `fallback` (the API's name) when there is none. */
export function contentLabel(t: TFunction, kind: ContentLabelKind, code: string, fallback: string): string {
  if (!keyableCode.test(code)) return fallback;
  return t(`content.${kind}.${code}`, { defaultValue: fallback });
}

/** The key of an excluded pair of CAD options, the same whichever order the API lists them in. */
export function exclusionCode(a: string, b: string): string {
  return [a, b].sort().join('+');
}

/** `contentLabel` bound to the current language; re-renders when the language changes. */
export function useContentLabel(): (kind: ContentLabelKind, code: string, fallback: string) => string {
  const { t } = useTranslation();
  return useCallback((kind, code, fallback) => contentLabel(t, kind, code, fallback), [t]);
}
