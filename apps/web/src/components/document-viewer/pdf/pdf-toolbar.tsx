import { ActionIcon, Divider, Group, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconArrowAutofitWidth,
  IconChevronLeft,
  IconChevronRight,
  IconLayoutSidebar,
  IconMaximize,
  IconPrinter,
  IconSearch,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nextPageNumber, parsePageNumber, previousPageNumber } from './page-navigation';
import type { PdfViewState } from './pdf-engine';

export interface PdfToolbarProps {
  state: PdfViewState;
  /** Print is offered only for a downloadable document (spec §2). */
  printable: boolean;
  sidebarOpen: boolean;
  findOpen: boolean;
  onGoToPage: (page: number) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: (mode: 'page-fit' | 'page-width') => void;
  onToggleSidebar: () => void;
  onToggleFind: () => void;
  onPrint: () => void;
  children?: ReactNode;
}

interface ToolButtonProps {
  label: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  /** Drawn only from this breakpoint up (a phone's single row keeps the essential tools). */
  visibleFrom?: 'sm';
  children: ReactNode;
}

function ToolButton({ label, onClick, active, disabled, visibleFrom, children }: ToolButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant={active ? 'light' : 'subtle'} color="gray" size="lg" aria-label={label} aria-pressed={active} onClick={onClick} disabled={disabled} visibleFrom={visibleFrom}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function PdfToolbar(props: PdfToolbarProps) {
  const { t } = useTranslation();
  const { state } = props;
  // What the user is typing; the current page shows whenever nothing is being typed.
  const [draft, setDraft] = useState<string | null>(null);

  const submitPage = () => {
    const page = draft === null ? null : parsePageNumber(draft, state.pagesCount);
    if (page) props.onGoToPage(page);
    setDraft(null);
  };

  return (
    // One row at every width: on a phone the separators and "fit page" step aside, and what is still too wide scrolls sideways.
    <Group gap={4} px="sm" py={4} wrap="nowrap" style={{ overflowX: 'auto' }} role="toolbar" aria-label={t('viewer.pdf.toolbar')} data-testid="pdf-toolbar">
      <ToolButton label={t('viewer.pdf.thumbnails')} active={props.sidebarOpen} onClick={props.onToggleSidebar}>
        <IconLayoutSidebar size={18} />
      </ToolButton>
      <Divider orientation="vertical" mx={4} visibleFrom="sm" />
      <ToolButton label={t('viewer.pdf.previousPage')} onClick={() => props.onGoToPage(previousPageNumber(state.page))} disabled={state.page <= 1}>
        <IconChevronLeft size={18} />
      </ToolButton>
      <TextInput
        size="xs"
        w={56}
        style={{ flexShrink: 0 }}
        aria-label={t('viewer.pdf.pageNumber')}
        value={draft ?? String(state.page)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={submitPage}
        onKeyDown={(event) => event.key === 'Enter' && submitPage()}
        styles={{ input: { textAlign: 'center' } }}
      />
      <Text size="sm" c="dimmed" style={{ flexShrink: 0, whiteSpace: 'nowrap' }} data-testid="pdf-page-count">
        {t('viewer.pdf.ofPages', { count: state.pagesCount })}
      </Text>
      <ToolButton label={t('viewer.pdf.nextPage')} onClick={() => props.onGoToPage(nextPageNumber(state.page, state.pagesCount))} disabled={state.pagesCount === 0}>
        <IconChevronRight size={18} />
      </ToolButton>
      <Divider orientation="vertical" mx={4} visibleFrom="sm" />
      <ToolButton label={t('viewer.pdf.zoomOut')} onClick={props.onZoomOut}>
        <IconZoomOut size={18} />
      </ToolButton>
      <Text size="sm" w={48} ta="center" style={{ flexShrink: 0 }} data-testid="pdf-zoom">
        {Math.round(state.scale * 100)}%
      </Text>
      <ToolButton label={t('viewer.pdf.zoomIn')} onClick={props.onZoomIn}>
        <IconZoomIn size={18} />
      </ToolButton>
      <ToolButton label={t('viewer.pdf.fitWidth')} onClick={() => props.onFit('page-width')}>
        <IconArrowAutofitWidth size={18} />
      </ToolButton>
      <ToolButton label={t('viewer.pdf.fitPage')} onClick={() => props.onFit('page-fit')} visibleFrom="sm">
        <IconMaximize size={18} />
      </ToolButton>
      <Divider orientation="vertical" mx={4} visibleFrom="sm" />
      <ToolButton label={t('viewer.pdf.find')} active={props.findOpen} onClick={props.onToggleFind}>
        <IconSearch size={18} />
      </ToolButton>
      {props.children}
      {props.printable && (
        <ToolButton label={t('viewer.pdf.print')} onClick={props.onPrint}>
          <IconPrinter size={18} />
        </ToolButton>
      )}
    </Group>
  );
}
