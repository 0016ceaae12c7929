import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { CopyShareLinkButton } from './copy-share-link-button';
import { DownloadDocumentButton } from './download-document-button';

// jsdom has no isSecureContext; the Clipboard API is only used in a secure context.
const secureContext = (value: boolean) => Object.defineProperty(window, 'isSecureContext', { configurable: true, value });

describe('CopyShareLinkButton', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    secureContext(true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete (window as { isSecureContext?: boolean }).isSecureContext;
  });

  it.each([
    ['Link to this version (B)', `${window.location.origin}/DocumentLink/D100-B`],
    ['Link to the newest version', `${window.location.origin}/DocumentLink/D100`],
  ])('"%s" copies %s and confirms with a positive toast', async (item, link) => {
    const user = userEvent.setup();
    renderWithProviders(<CopyShareLinkButton serviceRef="D100" resourceVersion="B" />);
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    await user.click(await screen.findByRole('menuitem', { name: item }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalled());
    await expect(navigator.clipboard.readText()).resolves.toBe(link);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: 'Link copied to the clipboard', message: link }));
  });

  it('gives focus back to the button when the menu closes, from its very first opening', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyShareLinkButton serviceRef="D100" resourceVersion="B" />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Link to the newest version' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy share link' })).toHaveFocus());
  });

  it('falls back to a selected textarea where the Clipboard API is not available', async () => {
    secureContext(false);
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      copied = command === 'copy' ? (document.activeElement as HTMLTextAreaElement).value : '';
      return true;
    });
    Object.assign(document, { execCommand });
    const user = userEvent.setup();
    renderWithProviders(<CopyShareLinkButton serviceRef="D100" resourceVersion="B" />);
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Link to this version (B)' }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green' })));
    expect(copied).toBe(`${window.location.origin}/DocumentLink/D100-B`);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('shows the error toast, not the confirmation, when copying fails', async () => {
    secureContext(false);
    Object.assign(document, { execCommand: vi.fn(() => false) });
    const user = userEvent.setup();
    renderWithProviders(<CopyShareLinkButton serviceRef="D100" />);
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Link to the newest version' }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalledTimes(1));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red' }));
  });

  it('offers only the newest-version link when no version is known', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyShareLinkButton serviceRef="D100" />);
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    expect(await screen.findAllByRole('menuitem')).toHaveLength(1);
  });
});

describe('DownloadDocumentButton', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is not shown for a document that may not be downloaded', () => {
    renderWithProviders(<DownloadDocumentButton document={{ id: 'd', fileName: 'f.pdf', downloadableDocument: false }} />);
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('asks for a download URL, fetches it as a blob and saves it under the file name', async () => {
    const api = fakeContentApi({ '/api/Content/download': () => json(200, [{ downloadUrl: '/files/signed/manual.pdf' }]) });
    const fileFetch = vi.fn(async () => new Response('%PDF bytes', { status: 200, headers: { 'Content-Length': '10' } }));
    vi.stubGlobal('fetch', fileFetch);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    renderWithProviders(<DownloadDocumentButton document={{ id: 'doc-1', fileName: 'R100 manual.pdf', downloadableDocument: true }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['R100 manual.pdf']));

    const [post] = api.fetch.mock.calls;
    expect(post[0]).toBe('http://api.test/api/Content/download?applicationId=portal-web');
    expect(post[1].method).toBe('POST');
    expect(post[1].body).toBe('["doc-1"]');
    expect(fileFetch).toHaveBeenCalledWith('http://api.test/files/signed/manual.pdf', expect.anything());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled());
  });

  it('downloads the version the viewer shows when it names one', async () => {
    const api = fakeContentApi({ '/api/Content/download': () => json(200, [{ downloadUrl: '/files/signed/manual-A.pdf' }]) });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('%PDF', { status: 200 })));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<DownloadDocumentButton document={{ id: 'doc-1', fileName: 'manual-A.pdf', downloadableDocument: true, versionId: 'ver-a' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.fetch.mock.calls[0][0]).toBe('http://api.test/api/Content/download?applicationId=portal-web&versionId=ver-a');
  });
});
