import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type FleetSize,
  type FleetSizeIssue,
  fleetSizeIssue,
  TENTACLE,
} from '@store-cloud/contracts';
import { z } from 'zod';
import { ConfigError, ENV_FIELD, type LogLevel, parseEnv } from '@store-cloud/node-kit';

const milliseconds = () =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds');

/** How often a connected store reports its SQL backup installations and fetches its media. */
export const DEFAULT_SQL_BACKUP_REPORT_INTERVAL_MS = 300_000;
export const DEFAULT_MEDIA_POLL_INTERVAL_MS = 60_000;
export const DEFAULT_PLAYER_PLAY_MS = 10_000;

/** Every variable the simulator reads (its meanings make docs/configuration.md). */
export const envSchema = z.object({
  SIMULATOR_PORT: ENV_FIELD.port(3200).describe(
    "Port of the router simulator's control API and back-office apps",
  ),
  HOST: ENV_FIELD.host(),
  PORTAL_ORIGIN: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({
          error: 'must be origins such as http://127.0.0.1:4200, separated by commas',
          protocol: /^https?$/,
        }),
      ),
    )
    .describe(
      'Simulator: origins (comma-separated) of the portal that may frame its back-office apps; empty: any',
    ),
  BACKEND_URL: ENV_FIELD.httpUrl(),
  BACKEND_NODE_URLS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({
          error: 'must be addresses such as http://127.0.0.1:3000, separated by commas',
          protocol: /^https?$/,
        }),
      ),
    )
    .describe(
      "Every API node's address, comma-separated (`npm start` sets it from `API_NODES`): the portal server balances over them and the simulator spreads its stores' sockets over them; empty: `BACKEND_URL` alone",
    ),
  FLEET_FILE: z
    .string()
    .optional()
    .describe(
      'Simulator: a JSON file of companies and stores to simulate instead of the demo fleet',
    ),
  TENTACLE_SECRET: z.string().min(32, 'must be at least 32 characters'),
  TENTACLE_PING_INTERVAL_MS: milliseconds()
    .min(100, 'must be at least 100')
    .default(TENTACLE.pingIntervalMs)
    .describe("Simulator: how often each store's tentacle pings the backend"),
  SQL_BACKUP_REPORT_INTERVAL_MS: milliseconds()
    .min(100, 'must be at least 100')
    .default(DEFAULT_SQL_BACKUP_REPORT_INTERVAL_MS)
    .describe('Simulator: how often each store reports its SQL backup installations'),
  MEDIA_POLL_INTERVAL_MS: milliseconds()
    .refine((ms) => ms === 0 || ms >= 100, 'must be 0 (never) or at least 100')
    .default(DEFAULT_MEDIA_POLL_INTERVAL_MS)
    .describe('Simulator: how often each store fetches its active media; 0: only on connect'),
  PLAYER_REPORT_INTERVAL_MS: milliseconds()
    .min(100, 'must be at least 100')
    .optional()
    .describe(
      "Simulator: how often each store's reference player records and reports its plays (proof of play); unset: no player",
    ),
  PLAYER_PLAY_MS: milliseconds()
    .min(10, 'must be at least 10')
    .default(DEFAULT_PLAYER_PLAY_MS)
    .describe('Simulator: how long the reference player shows each file'),
  PLAYER_OUTBOX_DIR: z
    .string()
    .optional()
    .describe(
      "Simulator: where each store keeps its plays until the cloud acknowledges them (default: the system's temporary folder)",
    ),
  LOG_LEVEL: ENV_FIELD.logLevel(),
});

/** Where the simulated stores come from: the demo fixture, a JSON file, or a generated size. */
export type FleetSource =
  { kind: 'demo' } | { kind: 'file'; file: string } | { kind: 'synthetic'; size: FleetSize };

export interface SimulatorConfig {
  port: number;
  /** The address the server binds: 127.0.0.1 unless HOST opens it (compose: 0.0.0.0). */
  host: string;
  /** Origins of the portal that may frame the back-office apps; empty: any. */
  portalOrigins: string[];
  backendUrl: string;
  /** The API nodes the stores' sockets are spread over (BACKEND_NODE_URLS, else backendUrl). */
  backendNodeUrls: string[];
  fleetSource: FleetSource;
  logLevel: LogLevel;
  /** Shared with the backend; derives each store's tentacle secret. */
  tentacleSecret: string;
  tentaclePingIntervalMs: number;
  /** How often each connected store reports its SQL backup installations. */
  sqlBackupReportIntervalMs: number;
  /** How often each connected store fetches its active media (also on connect); 0: never. */
  mediaPollIntervalMs: number;
  /** The stores' reference players (proof of play); undefined: none. */
  player?: { reportIntervalMs: number; playMs: number; outboxDir: string };
}

const COMPANIES_FLAG = '--companies';
const STORES_FLAG = '--stores-per-company';
const FLAGS_OF: Record<FleetSizeIssue['field'], string[]> = {
  companies: [COMPANIES_FLAG],
  storesPerCompany: [STORES_FLAG],
  total: [COMPANIES_FLAG, STORES_FLAG],
};

/**
 * The only place the simulator reads its environment and command line. Throws ConfigError
 * naming the variable or flag.
 */
export function loadSimulatorConfig(
  env: Record<string, string | undefined> = process.env,
  argv: string[] = process.argv.slice(2),
): SimulatorConfig {
  const parsed = parseEnv(envSchema, env);
  const size = parseSizeFlags(argv);
  if (size && parsed.FLEET_FILE) {
    throw new ConfigError(
      ['FLEET_FILE', COMPANIES_FLAG],
      `Invalid configuration: FLEET_FILE and ${COMPANIES_FLAG}/${STORES_FLAG} both choose the fleet; give one`,
    );
  }
  const fleetSource: FleetSource = size
    ? { kind: 'synthetic', size }
    : parsed.FLEET_FILE
      ? { kind: 'file', file: path.resolve(parsed.FLEET_FILE) }
      : { kind: 'demo' };
  return {
    port: parsed.SIMULATOR_PORT,
    host: parsed.HOST,
    portalOrigins: parsed.PORTAL_ORIGIN.map((o) => new URL(o).origin),
    backendUrl: parsed.BACKEND_URL,
    backendNodeUrls: parsed.BACKEND_NODE_URLS.length
      ? parsed.BACKEND_NODE_URLS
      : [parsed.BACKEND_URL],
    fleetSource,
    logLevel: parsed.LOG_LEVEL,
    tentacleSecret: parsed.TENTACLE_SECRET,
    tentaclePingIntervalMs: parsed.TENTACLE_PING_INTERVAL_MS,
    sqlBackupReportIntervalMs: parsed.SQL_BACKUP_REPORT_INTERVAL_MS,
    mediaPollIntervalMs: parsed.MEDIA_POLL_INTERVAL_MS,
    ...(parsed.PLAYER_REPORT_INTERVAL_MS === undefined
      ? {}
      : {
          player: {
            reportIntervalMs: parsed.PLAYER_REPORT_INTERVAL_MS,
            playMs: parsed.PLAYER_PLAY_MS,
            outboxDir: path.resolve(
              parsed.PLAYER_OUTBOX_DIR ?? path.join(os.tmpdir(), 'store-cloud-player'),
            ),
          },
        }),
  };
}

/** `--companies N --stores-per-company M` (both or neither) sizes a synthetic fleet for load runs. */
function parseSizeFlags(argv: string[]): FleetSize | undefined {
  let values: { companies?: string; 'stores-per-company'?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { companies: { type: 'string' }, 'stores-per-company': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ConfigError(['(command line)'], `Invalid command line: ${(error as Error).message}`);
  }
  const companiesText = values.companies;
  const storesText = values['stores-per-company'];
  if (companiesText === undefined && storesText === undefined) return undefined;
  if (companiesText === undefined || storesText === undefined) {
    const missing = companiesText === undefined ? COMPANIES_FLAG : STORES_FLAG;
    throw new ConfigError(
      [missing],
      `Invalid command line: ${missing} is missing; give both or neither`,
    );
  }
  const size = { companies: wholeNumber(companiesText), storesPerCompany: wholeNumber(storesText) };
  const issue = fleetSizeIssue(size);
  if (issue) {
    const flags = FLAGS_OF[issue.field];
    throw new ConfigError(flags, `Invalid command line: ${flags.join(' × ')}: ${issue.message}`);
  }
  return size;
}

/** NaN for anything but plain digits, so "1e3" or "12abc" are refused rather than guessed at. */
function wholeNumber(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}
