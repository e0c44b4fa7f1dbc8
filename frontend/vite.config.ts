/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { z } from 'zod';
import { BOS_APP, PORTAL_PROXY } from '@store-cloud/contracts';

/**
 * The only place the frontend reads process.env: the ports of the dev/preview server and of the
 * services it proxies to (.env.example). A bad value stops Vite with the variable's name.
 */
const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  PORTAL_PORT: port(4200),
  BACKEND_PORT: port(3000),
  MEDIA_PORT: port(3100),
  SIMULATOR_PORT: port(3200),
  /**
   * The three back-office hosts of the function frame, comma separated: addresses, or paths on
   * the portal's own origin; empty: the dev server frames the simulator's apps directly, a
   * production build frames /bos1,/bos2,/bos3, which nginx (compose) and npm start's portal
   * server pass on to the simulator, so one build fits any SIMULATOR_PORT.
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

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serviceHost = ['0.0.0.0', '::'].includes(env.HOST) ? '127.0.0.1' : env.HOST;
const backend = `http://${serviceHost}:${env.BACKEND_PORT}`;
const media = `http://${serviceHost}:${env.MEDIA_PORT}`;
const bosHostsFor = (command: 'build' | 'serve'): string[] =>
  env.BOS_HOSTS ??
  [1, 2, 3].map((n) =>
    command === 'build'
      ? BOS_APP.path(n)
      : `http://${serviceHost}:${env.SIMULATOR_PORT}${BOS_APP.path(n)}`,
  );

/** Same-origin proxy of the dev server, the list npm start's portal server and nginx pass on. */
const backendPaths = PORTAL_PROXY.backendPaths.map((p) => p.slice(1)).join('|');
const proxy: Record<string, ProxyOptions> = {
  [`^/(${backendPaths})(\\?.*)?$`]: { target: backend },
  ...Object.fromEntries(
    PORTAL_PROXY.backendPrefixes.map((prefix) => [prefix, { target: backend }]),
  ),
  [PORTAL_PROXY.socketPrefix]: { target: backend, ws: true },
  [PORTAL_PROXY.mediaPrefix]: {
    target: media,
    rewrite: (p) => p.slice(PORTAL_PROXY.mediaPrefix.length - 1),
  },
};

const require = createRequire(import.meta.url);
const versionOf = (pkg: string): string =>
  (require(`${pkg}/package.json`) as { version: string }).version;

const server = {
  port: env.PORTAL_PORT,
  strictPort: true,
  host: env.HOST,
  proxy,
  fs: {
    // /@fs/ serves files under the repository: never the data folder (secrets, database, media)
    // nor env files and secrets anywhere. Vite's own defaults are repeated, as deny replaces them.
    deny: [
      '.env',
      '.env.*',
      '*.{crt,pem}',
      '**/.git/**',
      'secrets.json',
      `${path.resolve(repoRoot, env.DATA_DIR)}/**`,
    ],
  },
};

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: {
      // The bundle compiles the contracts from source; this config file itself imports the
      // built package (`dist/`), so a build of the contracts comes first (frontend/Dockerfile).
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
    __BOS_HOSTS__: JSON.stringify(
      Object.fromEntries(bosHostsFor(command).map((host, i) => [`bos${i + 1}`, host])),
    ),
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
  preview: { port: env.PORTAL_PORT, strictPort: true, host: env.HOST, proxy },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
    // A limit on a hang, not a speed goal: beside the backend's suite on two cores a form's
    // typed journey took over vitest's 5 s default.
    testTimeout: 30_000,
  },
}));
