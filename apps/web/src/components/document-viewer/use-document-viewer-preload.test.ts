import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDocumentViewerPreload } from './use-document-viewer-preload';

const loadPdfViewer = vi.fn(() => Promise.resolve());
const loadDocumentViewerDialog = vi.fn(() => Promise.resolve());
vi.mock('./lazy-pdf-viewer', () => ({ loadPdfViewer: () => loadPdfViewer() }));
vi.mock('./lazy-document-viewer-dialog', () => ({ loadDocumentViewerDialog: () => loadDocumentViewerDialog() }));

describe('useDocumentViewerPreload', () => {
  afterEach(() => {
    vi.useRealTimers();
    loadPdfViewer.mockClear();
    loadDocumentViewerDialog.mockClear();
  });

  it('loads nothing until the user interacts, then loads the viewer dialog and the PDF viewer once', () => {
    vi.useFakeTimers();
    renderHook(() => useDocumentViewerPreload());
    vi.advanceTimersByTime(5000);
    expect(loadPdfViewer).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(1000);
    expect(loadDocumentViewerDialog).toHaveBeenCalledTimes(1);
    expect(loadPdfViewer).toHaveBeenCalledTimes(1);
  });

  it('loads nothing once the page has gone', () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useDocumentViewerPreload());
    unmount();
    window.dispatchEvent(new Event('pointermove'));
    vi.advanceTimersByTime(1000);
    expect(loadDocumentViewerDialog).not.toHaveBeenCalled();
    expect(loadPdfViewer).not.toHaveBeenCalled();
  });
});
