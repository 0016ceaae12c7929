import { describe, expect, it } from 'vitest';
import { parseFeatureFlags, useFeatureFlagsStore } from './feature-flags-store';

describe('feature flags', () => {
  it('reads ?features= with - for off', () => {
    expect(parseFeatureFlags('?features=newViewer,-beta, x ')).toEqual({ newViewer: true, beta: false, x: true });
    expect(parseFeatureFlags('?other=1')).toEqual({});
  });

  it('keeps the enabled features in local storage under their own id', () => {
    useFeatureFlagsStore.getState().setFlags({ b: true, a: true });
    useFeatureFlagsStore.getState().setFlags({ b: false });
    expect(useFeatureFlagsStore.getState().enabled).toEqual(['a']);
    expect(JSON.parse(localStorage.getItem('portal.feature-flags') ?? '{}').state).toEqual({ enabled: ['a'] });
  });
});
