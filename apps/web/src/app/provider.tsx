import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { usePreferencesStore } from '../lib/stores/preferences-store';
import { theme } from './theme';

// Mantine's default dimmed grey is below 4.5:1 on white; one shade darker keeps secondary text readable.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

export function AppProviders({ children }: { children: ReactNode }) {
  const colorScheme = usePreferencesStore((state) => state.colorScheme);
  return (
    <MantineProvider theme={theme} forceColorScheme={colorScheme} cssVariablesResolver={cssVariablesResolver}>
      {/* Spec §9 notification defaults: 5000 ms, at the bottom. */}
      <Notifications position="bottom-center" autoClose={5000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
