import { Group, Text, type MantineBreakpoint } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface LogoProps {
  /** Height of the mark in px. */
  size?: number;
  withText?: boolean;
  /** Hide the name below this breakpoint (narrow headers). */
  textVisibleFrom?: MantineBreakpoint;
}

/** The portal's mark (a robot arm on the brand green) and its name. */
export function Logo({ size = 32, withText = true, textVisibleFrom }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#6B8724" />
        <rect x="5" y="24.5" width="11" height="3" rx="1.2" fill="#fff" />
        <path d="M10.5 24 L13 15.5 L21.5 10.5" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" fill="none" />
        <path d="M21.5 10.5 L25.5 8.5 M21.5 10.5 L24 14.5" stroke="#CE9041" strokeWidth="2.4" strokeLinecap="round" fill="none" />
        <circle cx="13" cy="15.5" r="2.6" fill="#fff" />
        <circle cx="21.5" cy="10.5" r="2" fill="#fff" />
      </svg>
      {withText && (
        <Text component="span" fw={700} fz="lg" lh={1.1} c="var(--mantine-color-text)" visibleFrom={textVisibleFrom}>
          {t('app.name')}
        </Text>
      )}
    </Group>
  );
}
