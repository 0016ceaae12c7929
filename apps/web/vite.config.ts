import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact/aliases';

// The API (apps/api) serves the built app on :8080; in development Vite forwards these paths to it.
const apiTarget = 'http://localhost:8080';
const proxy = Object.fromEntries(
  ['/api', '/oidc', '/app-config.json', '/files', '/sw.js', '/healthz', '/id', '/public'].map((path) => [path, { target: apiTarget, changeOrigin: false }]),
);

export default defineConfig({
  plugins: [react()],
  resolve: { alias: preactAliases },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  // The manifest tells the bundle bench which chunks each route loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    modulePreload: {
      // The 3D preview button loads only beside a model; its list of chunks to preload would cost every CAD page
      // a kilobyte, for chunks the page has already loaded or the button's own imports fetch.
      resolveDependencies: (url, deps) => (url.includes('model-preview-button') ? [] : deps),
    },
  },
});
