import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { WebConfig } from '@portal/contracts/web-config';
import { theme } from '../app/theme';
import { setConfig } from '../lib/config';
import deDE from '../locales/de-DE.json';
import enUS from '../locales/en-US.json';
import frFR from '../locales/fr-FR.json';
import modelDeDE from '../locales/model/de-DE.json';
import modelEnUS from '../locales/model/en-US.json';
import modelFrFR from '../locales/model/fr-FR.json';

export const testConfig: WebConfig = {
  apiBaseUrl: 'http://api.test',
  resourcesBaseUrl: 'http://files.test',
  oidc: { authority: 'http://idp.test/oidc', clientId: 'portal-web', scope: 'openid profile email' },
  subscriptionKey: null,
  customerPortalUrl: 'https://customers.example',
  equipmentCenterUrl: 'https://equipment.example',
  supportEmail: 'support@example.test',
  salesContactEmail: 'sales@example.test',
  sentryDsn: null,
};

/** The main texts, and the 3D viewer's namespace the app loads with the viewer's chunk (lib/i18n/i18n.ts). */
const resources = {
  'en-US': { translation: enUS, model: modelEnUS },
  'fr-FR': { translation: frFR, model: modelFrFR },
  'de-DE': { translation: deDE, model: modelDeDE },
};

/** i18next with the real translation files, in the given locale (no browser detection). */
export async function initTestI18n(lng = 'en-US') {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({ resources, lng, fallbackLng: 'en-US', fallbackNS: 'model', interpolation: { escapeValue: false } });
  } else {
    await i18n.changeLanguage(lng);
  }
  return i18n;
}

/** Renders inside Mantine (test env: no transitions, no portals) with the test configuration. */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  setConfig(testConfig);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}

/** Renders `routes` in a memory router at `url`, with a fresh query client that does not retry; returns the router. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
