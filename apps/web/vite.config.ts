import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server talks to a running Pillar server; same-origin paths keep the runtime config
// identical in development and production.
const SERVER = process.env.PILLAR_SERVER_URL ?? 'http://localhost:8080';
const PROXIED = [
  '/config.json',
  '/oidc',
  '/api',
  '/portal',
  '/authorization',
  '/issues',
  '/msr-search',
  '/members-hub',
  '/plans',
  '/comm-manager',
  '/protect',
  '/keystonefile',
  '/eligibilityImportSchema',
  '/datamapping',
  '/evaluate/v1',
  '/salesforce',
];

// Vendor code changes far less often than ours, so it gets chunks of its own that stay cached
// across releases; antd is split from React so a React-only page does not pay for it.
function vendorChunk(id: string): string | null {
  if (!id.includes('node_modules')) return null;
  if (/node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
  if (/node_modules[\\/](@tanstack|oidc-client-ts|jwt-decode)[\\/]/.test(id)) return 'data';
  return null;
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      PROXIED.map((path) => [path, { target: SERVER, changeOrigin: false }]),
    ),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The domain package declares zod schemas at module level; nothing in it runs for effect,
      // so unused schemas (and most of zod) can be dropped from the browser bundle.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [{ name: (id: string) => vendorChunk(id), debugName: 'vendor' }],
        },
      },
    },
  },
});
