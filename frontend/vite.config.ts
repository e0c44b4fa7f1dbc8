/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { z } from 'zod';
import { BOS_APP } from '@store-cloud/contracts';

/**
 * The only place the frontend reads process.env: the ports of the dev/preview server and of the
 * services it proxies to (.env.example). A bad value stops Vite with the variable's name.
 */
const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const envSchema = z.object({
  PORTAL_PORT: port(4200),
  BACKEND_PORT: port(3000),
  MEDIA_PORT: port(3100),
  SIMULATOR_PORT: port(3200),
  /**
   * The three back-office hosts of the function frame, comma separated: addresses, or paths on
   * the portal's own origin (docker compose: /bos1,/bos2,/bos3 proxied by nginx); empty: the
   * simulator's.
   */
  BOS_HOSTS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((h) => h.trim()) : undefined))
    .pipe(
      z
        .array(z.union([z.url(), z.string().regex(/^\/[^/]/)]))
        .length(3)
        .optional(),
    ),
});
const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Invalid environment for the portal dev server: ${names}`);
}
const env = parsed.data;

const backend = `http://127.0.0.1:${env.BACKEND_PORT}`;
const media = `http://127.0.0.1:${env.MEDIA_PORT}`;
const bosHosts =
  env.BOS_HOSTS ??
  ([1, 2, 3] as const).map((n) => `http://127.0.0.1:${env.SIMULATOR_PORT}${BOS_APP.path(n)}`);

/**
 * Same-origin proxy fixed by the brief. The exact-path regex keeps '/log' from swallowing the
 * portal's own /login route.
 */
const proxy: Record<string, ProxyOptions> = {
  '^/(portallogin|portallogout|version|storestatus|log|error|health)(\\?.*)?$': { target: backend },
  '/portalconfig/': { target: backend },
  '/portal/': { target: backend },
  '/admin/': { target: backend },
  '/api/': { target: backend },
  '/socket.io/': { target: backend, ws: true },
  '/media-server/': {
    target: media,
    rewrite: (path) => path.replace(/^\/media-server/, ''),
  },
};

const require = createRequire(import.meta.url);
const versionOf = (pkg: string): string =>
  (require(`${pkg}/package.json`) as { version: string }).version;

const server = { port: env.PORTAL_PORT, strictPort: true, host: '127.0.0.1', proxy };

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // The frontend compiles the contracts from source, so no contracts build is needed first.
      '@store-cloud/contracts': fileURLToPath(
        new URL('../contracts/src/index.ts', import.meta.url),
      ),
    },
  },
  define: {
    // Shown in the About dialog's frameworks row.
    __BOOTSTRAP_VERSION__: JSON.stringify(versionOf('bootstrap')),
    __REACT_BOOTSTRAP_VERSION__: JSON.stringify(versionOf('react-bootstrap')),
    // The function frame's back-office hosts (spec §2 Function screen).
    __BOS_HOSTS__: JSON.stringify({ bos1: bosHosts[0], bos2: bosHosts[1], bos3: bosHosts[2] }),
  },
  build: {
    rolldownOptions: {
      // Libraries change less often than the portal: a separate chunk stays cached across releases.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
  server,
  preview: server,
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
  },
});
