/**
 * Rehearses a Dockerfile without a Docker engine, so that CI proves each image builds and starts
 * on a machine that has none: the Dockerfile is parsed (dockerfile-ast), each stage gets a
 * scratch folder as its root file system, COPY copies from the build context honouring
 * .dockerignore (@balena/dockerignore, Docker's own matching rules) or from an earlier stage
 * (--from), and RUN runs in that root with chroot, in a private mount namespace (unshare) where
 * this machine's system folders (/usr, /etc, /dev, ...) stand in for the base image's. The same
 * way starts the final stage's command, as the image's USER.
 *
 * What stands in for a `node:*` base image is this machine's system and Node (its version may
 * differ from the image's tag), plus a `node` user of uid 1000 as the official images have.
 * A stage on any other base may COPY but not RUN. `RUN --mount=type=cache,target=/root/.npm`
 * uses this machine's npm cache, and every RUN gets npm_config_prefer_offline=true, so `npm ci`
 * installs from that cache. Needs root (CI runs as root) for unshare and chroot.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';

/** One build stage: its root folder and what the image's config says when it ends. */
export interface RehearsedStage {
  name?: string;
  base: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  cmd?: string[];
  entrypoint?: string[];
}

export interface RehearsalOptions {
  /** The build context (the repository root). */
  context: string;
  /** An empty folder the stages' roots are made in. */
  scratch: string;
  buildArgs?: Record<string, string>;
  log?: (line: string) => void;
}

/** A RUN step that exited non-zero, or an instruction the rehearsal cannot carry out. */
export class RehearsalError extends Error {}

const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** The uid and gid of the `node` user in the official Node images. */
const NODE_UID = 1000;
/** The system folders bound into a stage's root while it runs something. */
const SYSTEM_DIRS = ['usr', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32', 'etc', 'dev', 'proc'];

export function isNodeBase(image: string): boolean {
  return /^(docker\.io\/)?(library\/)?node[:@]/.test(image);
}

/** Substitutes $VAR and ${VAR} as Docker does in WORKDIR, ENV, COPY and the like. */
function expand(text: string, vars: Record<string, string>): string {
  return text.replace(/\$(?:\{(\w+)\}|(\w+))/g, (_m, a: string, b: string) => vars[a ?? b] ?? '');
}

/** The stages of a Dockerfile, as instructions grouped under each FROM. */
export function parseDockerfile(file: string): { from: Instruction; steps: Instruction[] }[] {
  const dockerfile = DockerfileParser.parse(fs.readFileSync(file, 'utf8'));
  const stages: { from: Instruction; steps: Instruction[] }[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') stages.push({ from: instruction, steps: [] });
    else if (stages.length === 0) {
      if (instruction.getKeyword() !== 'ARG') {
        throw new RehearsalError(`${instruction.getKeyword()} before the first FROM`);
      }
    } else stages.at(-1)!.steps.push(instruction);
  }
  return stages;
}

/** The files of the build context that .dockerignore lets through, relative, with '/'. */
function contextFiles(context: string): string[] {
  const ignoreFile = path.join(context, '.dockerignore');
  const rules = fs.existsSync(ignoreFile) ? fs.readFileSync(ignoreFile, 'utf8') : '';
  const ig = dockerignore({ ignorecase: false }).add(rules.split('\n'));
  const exceptions = rules.split('\n').some((l) => l.trim().startsWith('!'));
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(context, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // A folder that is ignored is not entered, unless an exception (!) may take back part of it.
        if (!exceptions && ig.ignores(child)) continue;
        walk(child);
      } else if (!ig.ignores(child)) files.push(child);
    }
  };
  walk('');
  return files;
}

function copyInto(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true, dereference: false, force: true });
}

/** The host path of an image path in a stage's root. */
function inRoot(root: string, imagePath: string): string {
  return path.join(root, path.posix.normalize(imagePath));
}

/**
 * Builds the Dockerfile's stages in order and returns the last one (the image). Rejects with a
 * RehearsalError at the first step that would fail `docker build`.
 */
export async function rehearseBuild(
  dockerfile: string,
  options: RehearsalOptions,
): Promise<RehearsedStage> {
  const log = options.log ?? (() => {});
  const label = path.relative(options.context, dockerfile);
  let context: string[] | undefined;
  const built: RehearsedStage[] = [];
  for (const [index, { from, steps }] of parseDockerfile(dockerfile).entries()) {
    const [image, , stageName] = from.getArguments().map((a) => a.getValue());
    const parent = built.find((s) => s.name !== undefined && s.name === image);
    const root = path.join(options.scratch, `stage-${index}${stageName ? `-${stageName}` : ''}`);
    fs.mkdirSync(root, { recursive: true });
    const stage: RehearsedStage = parent
      ? { ...structuredClone(parent), name: stageName, root }
      : { name: stageName, base: image, root, workdir: '/', env: { PATH: DEFAULT_PATH } };
    if (parent) fs.cpSync(parent.root, root, { recursive: true });
    const args: Record<string, string> = {};
    const vars = () => ({ ...args, ...stage.env });
    log(`${label}: FROM ${image}${stageName ? ` AS ${stageName}` : ''}`);

    for (const step of steps) {
      const keyword = step.getKeyword();
      const where = `${label}:${step.getRange().start.line + 1} ${keyword}`;
      switch (keyword) {
        case 'ARG': {
          const [name, value] = (step.getArgumentsContent() ?? '').split(/=(.*)/s);
          args[name.trim()] = options.buildArgs?.[name.trim()] ?? value ?? '';
          break;
        }
        case 'ENV':
          for (const p of (step as unknown as EnvLike).getProperties()) {
            stage.env[p.getName()] = expand(p.getValue() ?? '', vars());
          }
          break;
        case 'WORKDIR': {
          const dir = expand(step.getArgumentsContent() ?? '/', vars());
          stage.workdir = path.posix.resolve(stage.workdir, dir);
          fs.mkdirSync(inRoot(root, stage.workdir), { recursive: true });
          break;
        }
        case 'USER':
          stage.user = expand(step.getArgumentsContent() ?? '', vars());
          break;
        case 'CMD':
        case 'ENTRYPOINT': {
          const json = JSON.parse(step.getArgumentsContent() ?? '[]') as string[];
          if (keyword === 'CMD') stage.cmd = json;
          else stage.entrypoint = json;
          break;
        }
        case 'COPY': {
          const flags = Object.fromEntries(
            (step as unknown as FlagsLike).getFlags().map((f) => [f.getName(), f.getValue()]),
          );
          const unknown = Object.keys(flags).filter((f) => f !== 'from');
          if (unknown.length)
            throw new RehearsalError(`${where}: --${unknown[0]} is not rehearsed`);
          const parts = step.getArguments().map((a) => expand(a.getValue(), vars()));
          const dest = parts.pop()!;
          const destPath = path.posix.resolve(stage.workdir, dest);
          const intoDir = dest.endsWith('/') || parts.length > 1;
          for (const source of parts) {
            if (/[*?[]/.test(source))
              throw new RehearsalError(`${where}: wildcards are not rehearsed`);
            let copied = 0;
            if (flags.from !== undefined) {
              const other = built.find((s) => s.name === flags.from) ?? built[Number(flags.from)];
              if (!other) throw new RehearsalError(`${where}: no stage ${flags.from}`);
              const src = inRoot(other.root, source);
              if (!fs.existsSync(src)) {
                throw new RehearsalError(`${where}: ${source} not found in stage ${flags.from}`);
              }
              const isDir = fs.statSync(src).isDirectory();
              const target = inRoot(
                root,
                intoDir && !isDir ? `${destPath}/${path.basename(source)}` : destPath,
              );
              copyInto(src, target);
              copied = 1;
            } else {
              context ??= contextFiles(options.context);
              const rel = path.posix
                .normalize(source)
                .replace(/^\.?\/?/, '')
                .replace(/\/$/, '');
              for (const file of context) {
                if (rel === '' || rel === '.' || file.startsWith(`${rel}/`)) {
                  const inside = rel === '' || rel === '.' ? file : file.slice(rel.length + 1);
                  copyInto(path.join(options.context, file), inRoot(root, `${destPath}/${inside}`));
                  copied++;
                } else if (file === rel) {
                  const target = intoDir ? `${destPath}/${path.posix.basename(file)}` : destPath;
                  copyInto(path.join(options.context, file), inRoot(root, target));
                  copied++;
                }
              }
            }
            // docker build: "failed to compute cache key: ... not found" (absent, or .dockerignore'd).
            if (copied === 0)
              throw new RehearsalError(`${where}: ${source} not found in the build context`);
          }
          break;
        }
        case 'RUN': {
          if (!isNodeBase(stage.base)) {
            throw new RehearsalError(`${where}: RUN is rehearsed on node:* images only`);
          }
          const flags = (step as unknown as FlagsLike).getFlags();
          const caches: string[] = [];
          for (const flag of flags) {
            const value = flag.getValue() ?? '';
            const mount = Object.fromEntries(value.split(',').map((kv) => kv.split('=')));
            if (
              flag.getName() !== 'mount' ||
              mount.type !== 'cache' ||
              mount.target !== '/root/.npm'
            ) {
              throw new RehearsalError(`${where}: --${flag.getName()}=${value} is not rehearsed`);
            }
            caches.push(mount.target);
          }
          const command = step.getArgumentsContent() ?? '';
          log(`${where} ${command.replace(/\s+/g, ' ')}`);
          // System packages: this machine's /usr stands in for the image's, so apt-get would
          // install into this machine; the rehearsal takes them as there (e.g. fonts for sharp).
          if (/^apt-get\b/.test(command.trim())) break;
          const env = { ...args, ...stage.env, npm_config_prefer_offline: 'true' };
          const result = await runInStage(stage, ['/bin/sh', '-c', command], {
            env,
            npmCache: caches.length > 0,
            scratch: options.scratch,
          });
          if (result.code !== 0) {
            throw new RehearsalError(
              `${where} exited with ${result.code}: ${command}\n${result.output.slice(-4000)}`,
            );
          }
          break;
        }
        case 'EXPOSE':
        case 'LABEL':
        case 'HEALTHCHECK':
        case 'STOPSIGNAL':
          break;
        default:
          throw new RehearsalError(`${where} is not rehearsed`);
      }
    }
    built.push(stage);
  }
  return built.at(-1)!;
}

interface EnvLike {
  getProperties(): { getName(): string; getValue(): string | null }[];
}
interface FlagsLike {
  getFlags(): { getName(): string; getValue(): string | null }[];
}

/** passwd and group of this machine with the node images' `node` user (uid and gid 1000). */
function accountFiles(scratch: string): { passwd: string; group: string } {
  const passwd = path.join(scratch, 'passwd');
  const group = path.join(scratch, 'group');
  if (!fs.existsSync(passwd)) {
    const keep = (file: string) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l && l.split(':')[0] !== 'node' && l.split(':')[2] !== String(NODE_UID));
    fs.writeFileSync(
      passwd,
      [...keep('/etc/passwd'), `node:x:${NODE_UID}:${NODE_UID}::/home/node:/bin/sh`, ''].join('\n'),
    );
    fs.writeFileSync(group, [...keep('/etc/group'), `node:x:${NODE_UID}:`, ''].join('\n'));
  }
  return { passwd, group };
}

function npmCacheDir(): string {
  const run = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' });
  return run.stdout.trim() || path.join(process.env.HOME ?? '/root', '.npm');
}

/**
 * Spawns argv in the stage's root (chroot, private mount namespace, system folders bound),
 * in its WORKDIR, as its USER (root, or `node` = 1000), with exactly env as environment.
 */
export function spawnInStage(
  stage: RehearsedStage,
  argv: string[],
  options: { env: Record<string, string>; npmCache?: boolean; scratch: string },
): ChildProcess {
  const { root } = stage;
  const accounts = accountFiles(options.scratch);
  const user = stage.user && stage.user !== 'root' ? stage.user : undefined;
  if (user !== undefined && user !== 'node' && user !== String(NODE_UID)) {
    throw new RehearsalError(`USER ${user}: only root and node are rehearsed`);
  }
  const binds = SYSTEM_DIRS.filter((d) => fs.existsSync(`/${d}`));
  const script = [
    'set -e',
    'R="$1"; shift',
    ...binds.map((d) =>
      fs.lstatSync(`/${d}`).isSymbolicLink()
        ? `ln -sfn "${fs.readlinkSync(`/${d}`)}" "$R/${d}"`
        : `mkdir -p "$R/${d}" && mount --rbind "/${d}" "$R/${d}"`,
    ),
    `mount --bind "${accounts.passwd}" "$R/etc/passwd"`,
    `mount --bind "${accounts.group}" "$R/etc/group"`,
    'mkdir -p "$R/tmp" "$R/root" && chmod 1777 "$R/tmp"',
    options.npmCache
      ? `mkdir -p "$R/root/.npm" && mount --bind "${npmCacheDir()}" "$R/root/.npm"`
      : ':',
    // exec: the chroot'ed process takes this shell's place, so a signal to it is to the command.
    `exec chroot ${user ? `--userspec=${NODE_UID}:${NODE_UID}` : ''} "$R" /usr/bin/env -i "$@"`,
  ].join('\n');
  const env = {
    HOME: user ? '/home/node' : '/root',
    ...options.env,
  };
  const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  // `cd` happens inside: WORKDIR is a path in the image.
  const inner = ['/bin/sh', '-c', `cd "$0" && exec "$@"`, stage.workdir, ...argv];
  return spawn(
    'unshare',
    [
      '--mount',
      '--fork',
      '--kill-child',
      'sh',
      '-c',
      script,
      'rehearsal',
      root,
      ...envArgs,
      ...inner,
    ],
    // Its own process group: unshare ignores SIGTERM while it waits, so a stop signals the group.
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
}

async function runInStage(
  stage: RehearsedStage,
  argv: string[],
  options: { env: Record<string, string>; npmCache?: boolean; scratch: string },
): Promise<{ code: number | null; output: string }> {
  const child = spawnInStage(stage, argv, options);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}

/** Stops what spawnInStage started: SIGTERM to its whole process group (the command included). */
export function signalStage(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/** The image's command line: ENTRYPOINT then CMD, or the given command instead of CMD. */
export function imageCommand(stage: RehearsedStage, command?: string[]): string[] {
  const argv = [...(stage.entrypoint ?? []), ...(command ?? stage.cmd ?? [])];
  if (argv.length === 0) throw new RehearsalError('the image has no ENTRYPOINT or CMD');
  return argv;
}
