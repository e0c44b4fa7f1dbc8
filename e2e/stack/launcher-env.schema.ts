import { z } from 'zod';

/**
 * The variables that `npm start` (this launcher), docker compose or the portal's build read, and
 * the ones every service shares, with their meanings. The services validate their own variables
 * with their own schemas; this one is the source of docs/configuration.md for the rest
 * (tools/docs/config-table.ts), so each meaning is written once. Defaults are .env.example's.
 */
export const launcherEnvSchema = z.object({
  PORTAL_PORT: z
    .string()
    .optional()
    .describe(
      "Port of the portal (`npm start`'s server, or `npm run dev`'s Vite); compose: its HTTPS port (443)",
    ),
  API_NODES: z
    .string()
    .optional()
    .describe(
      '`npm start`: how many API nodes (backend processes) to run, 1 to 16, on consecutive ports from `BACKEND_PORT`, each supervised; its portal server balances them (websockets included) and the simulator spreads its stores over them. Compose: `docker compose up --scale backend=N`',
    ),
  DATA_DIR: z
    .string()
    .optional()
    .describe(
      'Embedded database, media folders, generated secrets (relative to the repository root)',
    ),
  HOST: z
    .string()
    .optional()
    .describe(
      'Address every process binds (`0.0.0.0`: all interfaces, as compose sets); the launcher then reaches the services on loopback; each service logs the address it bound',
    ),
  BACKEND_URL: z
    .string()
    .optional()
    .describe(
      "Media server and simulator: the backend's address; `npm start` sets `http://127.0.0.1:BACKEND_PORT`",
    ),
  BOS_HOSTS: z
    .string()
    .optional()
    .describe(
      "The portal's evoBOS 1, 2, 3 hosts for the function frame, comma-separated addresses or same-origin paths (a build setting; empty: `/bos1,/bos2,/bos3` on the portal's origin, passed on to the simulator by npm start's portal server and nginx; `npm run dev`: the simulator's port)",
    ),
  MONGODB_URI: z
    .string()
    .optional()
    .describe(
      'MongoDB to use, with the database name (the backend requires it); empty: `npm start` runs the embedded FerretDB',
    ),
  FERRETDB_PORT: z.string().optional().describe('Port of the embedded database'),
  PORTAL_HTTP_PORT: z
    .string()
    .optional()
    .describe('Compose: the plain-HTTP port, which only redirects to `PORTAL_PORT`'),
  PUBLIC_BIND: z
    .string()
    .optional()
    .describe(
      'Compose: the address the portal ports are published on (`0.0.0.0`: every interface)',
    ),
  TLS_DIR: z
    .string()
    .optional()
    .describe('Compose: a folder holding `tls.crt` and `tls.key`; empty: the `tls` volume'),
  MONGO_USERNAME: z
    .string()
    .optional()
    .describe(
      "Compose (required): MongoDB's root user, letters and digits; compose builds `MONGODB_URI` from it",
    ),
  MONGO_PASSWORD: z
    .string()
    .optional()
    .describe('Compose (required): its password (e.g. `openssl rand -hex 24`)'),
  REDIS_PASSWORD: z
    .string()
    .optional()
    .describe("Compose (required): Redis's password; compose builds `REDIS_URL` from it"),
});
