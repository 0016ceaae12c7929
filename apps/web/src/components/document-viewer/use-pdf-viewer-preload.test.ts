import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePdfViewerPreload } from './use-pdf-viewer-preload';

const loadPdfViewer = vi.fn(() => Promise.resolve());
vi.mock('./lazy-pdf-viewer', () => ({ loadPdfViewer: () => loadPdfViewer() }));

describe('usePdfViewerPreload', () => {
  afterEach(() => {
    vi.useRealTimers();
    loadPdfViewer.mockClear();
  });

  it('loads nothing until the user interacts, then loads the PDF viewer once', () => {
    vi.useFakeTimers();
    renderHook(() => usePdfViewerPreload());
    vi.advanceTimersByTime(5000);
    expect(loadPdfViewer).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(1000);
    expect(loadPdfViewer).toHaveBeenCalledTimes(1);
  });

  it('loads nothing once the page has gone', () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => usePdfViewerPreload());
    unmount();
    window.dispatchEvent(new Event('pointermove'));
    vi.advanceTimersByTime(1000);
    expect(loadPdfViewer).not.toHaveBeenCalled();
  });
});
