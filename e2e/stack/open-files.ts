import { execFileSync } from 'node:child_process';

export interface OpenFileLimit {
  /** The soft limit the stack's processes get; undefined: they inherit ours unchanged. */
  openFiles?: number;
  /** One line for the start log. */
  message: string;
}

/**
 * Each store holds a socket on the backend, so the default soft limit of 1024 open files caps
 * a fleet. A process may raise its soft limit up to the hard one without privileges: the
 * supervisor's shell wrapper does that for every child (`ulimit -n`). Says so when it cannot.
 */
export function openFileLimit(): OpenFileLimit {
  let soft: string, hard: string, raised: string | undefined;
  try {
    [soft, hard, raised] = execFileSync(
      '/bin/sh',
      ['-c', 'ulimit -Sn; ulimit -Hn; ulimit -n "$(ulimit -Hn)" 2>/dev/null && ulimit -Sn'],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n');
  } catch {
    return { message: 'Open files: could not read the limit (no /bin/sh ulimit); left as it is.' };
  }
  if (soft === hard)
    return { message: `Open files: ${soft} per process (already the hard limit).` };
  if (raised === hard && /^\d+$/.test(hard)) {
    return {
      openFiles: Number(hard),
      message: `Open files: raised the soft limit from ${soft} to the hard limit ${hard} for the stack's processes.`,
    };
  }
  return {
    message:
      `Open files: cannot raise the soft limit ${soft} to the hard limit ${hard}; ` +
      'the processes keep the soft limit (raise it with `ulimit -n` before npm start).',
  };
}
