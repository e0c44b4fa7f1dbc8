import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/** An account of the test provider: its claims (the login page's login names it). */
export interface OidcTestAccount {
  email?: string;
  groups?: string[];
  [claim: string]: unknown;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Replaces the accounts; the next sign-in reads them. */
  setAccounts(accounts: Record<string, OidcTestAccount>): void;
  stop(): Promise<void>;
}

/**
 * Starts node-oidc-provider (e2e/stack/oidc-test-provider.mjs) in a child process on a free port of
 * 127.0.0.1 (or `port`), with one client for `redirectUris`, and resolves once it listens.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  accounts?: Record<string, OidcTestAccount>;
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<OidcTestProvider> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oidc-provider-'));
  const accountsFile = path.join(dir, 'accounts.json');
  const setAccounts = (accounts: Record<string, OidcTestAccount>) =>
    fs.writeFileSync(accountsFile, JSON.stringify(accounts));
  setAccounts(options.accounts ?? {});
  const clientId = options.clientId ?? 'store-cloud';
  const clientSecret = options.clientSecret ?? 'store-cloud-test-client-secret';
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(__dirname, 'oidc-test-provider.mjs')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        OIDC_TEST_ISSUER: issuer,
        OIDC_TEST_CLIENT: JSON.stringify({
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: options.redirectUris,
        }),
        OIDC_TEST_ACCOUNTS: accountsFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`The OIDC provider exited (${code}) before listening:\n${output}`)),
    );
  });
  return {
    issuer,
    clientId,
    clientSecret,
    setAccounts,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
