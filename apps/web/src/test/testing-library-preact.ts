import * as preactTesting from '@testing-library/preact/pure';
import type { ComponentChild } from 'preact';
import { act } from 'preact/test-utils';

/*
 * Testing Library for the component tests, which run on Preact like the build (vitest.config.ts
 * maps '@testing-library/react' here). Preact 11 runs effect cleanups after an unmount
 * asynchronously, as React does; React's Testing Library flushes them by unmounting inside act(),
 * and so does this adapter, so that the tests read the same on both. src/test/setup.ts cleans up
 * after each test.
 */
export * from '@testing-library/preact/pure';

function withFlushedUnmount<T extends { unmount: () => void }>(rendered: T): T {
  const unmount = rendered.unmount;
  return { ...rendered, unmount: () => act(() => unmount()) };
}

export function render(ui: ComponentChild, options?: Omit<preactTesting.RenderOptions, 'queries'>): preactTesting.RenderResult {
  return withFlushedUnmount(preactTesting.render(ui, options));
}

export function renderHook<Result, Props>(
  callback: (props: Props) => Result,
  options?: preactTesting.RenderHookOptions<Props>,
): preactTesting.RenderHookResult<Result, Props> {
  return withFlushedUnmount(preactTesting.renderHook(callback, options));
}

export function cleanup(): void {
  act(() => preactTesting.cleanup());
}
