import { ActionIcon, Group, Paper, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface VersionsPanelProps {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The versions of the row chosen in a console table, under the table. */
export function VersionsPanel({ id, title, onClose, children }: VersionsPanelProps) {
  const { t } = useTranslation();
  const headingId = `${id}-heading`;
  const panel = useRef<HTMLElement>(null);
  // Below a long table the panel would open out of sight.
  useEffect(() => panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), [title]);
  return (
    <Paper ref={panel} withBorder radius="md" p="sm" component="section" id={id} aria-labelledby={headingId} data-testid="versions-panel">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Title order={2} fz="md" id={headingId}>
          {title}
        </Title>
        <ActionIcon variant="subtle" color="gray" aria-label={t('admin.close')} onClick={onClose}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {children}
    </Paper>
  );
}
