/**
 * `npm start` (and `npm run dev` with --dev): the whole platform on one machine (docs/running.md).
 * Run as `node --import tsx e2e/stack/start.ts` so that signals reach this very process.
 *
 * On a fresh clone nothing is built yet, so this file imports only launcher modules that need
 * no build output; it builds what is missing with Nx (cached: seconds when nothing changed),
 * and only then loads launch-stack, which imports the contracts' dist.
 */
import type { AdminLogin, LaunchedStack, PortalMode } from './launch-stack';
import { nxBuild } from './nx-build';
import { LAUNCHER_ENV, resolveStackEnv } from './stack-env';

/** What npm start runs compiled: the services, and the portal's production build. */
export const RUNTIME_PROJECTS = [
  '@store-cloud/contracts',
  '@store-cloud/backend',
  '@store-cloud/media-server',
  '@store-cloud/router-simulator',
];
const PORTAL_PROJECT = '@store-cloud/frontend';

let signalled = false;

async function main(): Promise<void> {
  const portal: PortalMode = process.argv.includes('--dev') ? 'dev' : 'production';
  const env = resolveStackEnv();
  const running: { stack?: LaunchedStack } = {};
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    console.log(`\n${signal}: stopping the stack...`);
    // Before the stack is up, the step that runs gets the signal and launchStack cleans up.
    void running.stack?.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  if (env[LAUNCHER_ENV.skipBuild] !== '1') {
    // The dev server compiles the portal itself; npm start serves the build.
    await nxBuild(portal === 'dev' ? RUNTIME_PROJECTS : [...RUNTIME_PROJECTS, PORTAL_PROJECT], env);
  }
  if (signalled) process.exit(0);
  const { launchStack } = await import('./launch-stack');
  const stack = await launchStack(env, { portal });
  running.stack = stack;
  if (signalled) await stack.stop();
  else printBox(stack.portalUrl, stack.database, stack.admin, portal);
  await stack.exited;
  console.log('Stack stopped.');
  process.exit(0);
}

function printBox(portalUrl: string, database: string, admin: AdminLogin, portal: PortalMode) {
  const password = {
    generated: `password: ${admin.password}  (generated; shown only this once)`,
    environment: 'password: the one in ADMIN_PASSWORD',
    unknown: 'password: as printed at the first start, or set ADMIN_PASSWORD',
  }[admin.source];
  const lines = [
    `store-cloud portal is running${portal === 'dev' ? ' (Vite dev server, hot reload)' : ''}`,
    '',
    // Passkeys need a domain as relying party (WEBAUTHN_ORIGIN is http://localhost:PORT).
    `portal:   ${portalUrl.replace('//127.0.0.1:', '//localhost:')}`,
    `user:     ${admin.username}`,
    password,
    `database: ${database}`,
    '',
    'Ctrl-C stops everything.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  console.log(`\n┌${bar}┐`);
  for (const line of lines) console.log(`│ ${line.padEnd(width)} │`);
  console.log(`└${bar}┘\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    if (signalled) process.exit(0); // a step interrupted by Ctrl-C; launchStack has cleaned up
    console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
