import { packageBin } from './package-bin';
import { REPO_ROOT } from './paths';
import { runNodeOrThrow } from './run-node';

/** Builds Nx projects (all when none are named). Cached by Nx, so a repeat takes seconds. */
export async function nxBuild(projects: string[] = [], env: NodeJS.ProcessEnv = process.env) {
  const args = ['run-many', '-t', 'build', '--outputStyle=static'];
  if (projects.length) args.push(`--projects=${projects.join(',')}`);
  await runNodeOrThrow(packageBin('nx', REPO_ROOT), args, {
    cwd: REPO_ROOT,
    env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}
