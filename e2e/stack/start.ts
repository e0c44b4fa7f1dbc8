/**
 * `npm start`: the whole platform on one machine (README "Running it").
 * Run as `node --import tsx e2e/stack/start.ts` so that signals reach this very process.
 */
import { type AdminLogin, launchStack, type LaunchedStack } from './launch-stack';
import { resolveStackEnv } from './stack-env';

export { launchStack } from './launch-stack';
export { resolveStackEnv } from './stack-env';

let signalled = false;

async function main(): Promise<void> {
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

  const stack = await launchStack(env);
  running.stack = stack;
  if (signalled) await stack.stop();
  else printBox(stack.portalUrl, stack.database, stack.admin);
  const code = await stack.exited;
  console.log('Stack stopped.');
  process.exit(signalled ? 0 : code);
}

function printBox(portalUrl: string, database: string, admin: AdminLogin): void {
  const password =
    admin.password !== undefined
      ? `password: ${admin.password}${admin.source === 'generated' ? '  (generated; shown once)' : ''}`
      : 'password: as printed at first start, or set ADMIN_PASSWORD';
  const lines = [
    'store-cloud portal is running',
    '',
    `portal:   ${portalUrl}`,
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
