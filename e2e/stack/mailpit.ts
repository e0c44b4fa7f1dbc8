import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOOLS_BIN } from './paths';
import { freePort, waitForPort } from './ports';

/**
 * Mailpit, a real SMTP server with an HTTP API to read what it received (the alert e-mails'
 * counterpart in tests), built from the Go module proxy into the ignored .tools/bin.
 */
export const MAILPIT_VERSION = 'v1.33.1';
export const MAILPIT_BIN = path.join(TOOLS_BIN, 'mailpit');

/**
 * Builds the binary once (about a minute); later calls return at once. Built into a folder of
 * its own and renamed into place, so test files building it at once never run a half-written one.
 */
export function buildMailpit(log: (line: string) => void = console.log): string {
  if (fs.existsSync(MAILPIT_BIN)) return MAILPIT_BIN;
  log(`Building mailpit ${MAILPIT_VERSION} with go (once; about a minute)...`);
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  const gobin = fs.mkdtempSync(path.join(TOOLS_BIN, '.mailpit-'));
  try {
    execFileSync('go', ['install', `github.com/axllent/mailpit@${MAILPIT_VERSION}`], {
      stdio: 'inherit',
      env: { ...process.env, GOBIN: gobin },
    });
    fs.renameSync(path.join(gobin, 'mailpit'), MAILPIT_BIN);
  } finally {
    fs.rmSync(gobin, { recursive: true, force: true });
  }
  return MAILPIT_BIN;
}

/** A message as mailpit's API lists it (the fields the tests read). */
export interface MailpitSummary {
  ID: string;
  MessageID: string;
  Subject: string;
  To: Array<{ Address: string; Name: string }>;
  From: { Address: string; Name: string };
}

/** One message with its parts. */
export interface MailpitMessage extends MailpitSummary {
  Text: string;
  HTML: string;
}

export interface RunningMailpit {
  /** For SMTP_URL. */
  smtpUrl: string;
  apiUrl: string;
  process: ChildProcess;
  /** Every message received, newest first. */
  messages(): Promise<MailpitSummary[]>;
  message(id: string): Promise<MailpitMessage>;
  stop(): Promise<void>;
}

/** Starts mailpit on free loopback ports, its messages in a throwaway database (builds it first: a cold build takes minutes on a busy machine). */
export async function startMailpit(): Promise<RunningMailpit> {
  const bin = buildMailpit();
  const [smtp, http] = [await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailpit-'));
  const child = spawn(
    bin,
    [
      `--smtp=127.0.0.1:${smtp}`,
      `--listen=127.0.0.1:${http}`,
      `--database=${path.join(dir, 'mailpit.db')}`,
      '--smtp-auth-accept-any',
      '--smtp-auth-allow-insecure',
      '--disable-version-check',
      '--quiet',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`mailpit exited with code ${code}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([Promise.all([waitForPort(smtp), waitForPort(http)]), exited]);
  const apiUrl = `http://127.0.0.1:${http}`;
  const getJson = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${apiUrl}${p}`);
    if (!res.ok) throw new Error(`mailpit ${p} answered ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    apiUrl,
    process: child,
    messages: async () =>
      (await getJson<{ messages: MailpitSummary[] }>('/api/v1/messages?limit=500')).messages,
    message: (id) => getJson<MailpitMessage>(`/api/v1/message/${encodeURIComponent(id)}`),
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
