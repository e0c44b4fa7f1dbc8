import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, TOOLS_BIN } from './paths';

/**
 * Helm (`lint`, `template`) and tools/k8s-check (rendered manifests decoded strictly with
 * Kubernetes' API types), to check deploy/helm/store-cloud without a cluster. Helm is built once
 * from the Go module proxy into the ignored .tools/bin (several minutes); k8s-check is rebuilt
 * from its source on each run (seconds, Go's cache) so it never lags behind it.
 */
export const HELM_MODULE = 'helm.sh/helm/v3/cmd/helm@v3.22.0';
export const HELM_BIN = path.join(TOOLS_BIN, 'helm');
export const K8S_CHECK_BIN = path.join(TOOLS_BIN, 'k8s-check');
/** The Kubernetes version `helm template` renders for (k8s.io/api's, tools/k8s-check). */
export const KUBE_VERSION = '1.37.0';
export const CHART_DIR = path.join(REPO_ROOT, 'deploy', 'helm', 'store-cloud');

const goEnv = () => ({
  ...process.env,
  GOBIN: TOOLS_BIN,
  CGO_ENABLED: process.env.CGO_ENABLED ?? '0',
});

/** Builds helm unless it is there; answers its path. */
export function buildHelm(log: (line: string) => void = console.log): string {
  if (fs.existsSync(HELM_BIN)) return HELM_BIN;
  log(`Building helm (${HELM_MODULE}) with go (once; several minutes)...`);
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  execFileSync('go', ['install', HELM_MODULE], { stdio: 'inherit', env: goEnv() });
  return HELM_BIN;
}

/** Builds tools/k8s-check (without Go: the binary already there); answers its path. */
export function buildK8sCheck(): string {
  const hasGo = spawnSync('go', ['version']).status === 0;
  if (!hasGo && fs.existsSync(K8S_CHECK_BIN)) return K8S_CHECK_BIN;
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  execFileSync('go', ['build', '-o', K8S_CHECK_BIN, '.'], {
    cwd: path.join(REPO_ROOT, 'tools', 'k8s-check'),
    stdio: 'inherit',
    env: { ...goEnv(), GOFLAGS: '-mod=mod' },
  });
  return K8S_CHECK_BIN;
}

export interface ToolResult {
  status: number | null;
  stdout: string;
  output: string;
}

function run(bin: string, args: string[], input?: string): ToolResult {
  const result = spawnSync(bin, args, {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // No repository or plugin configuration of the machine's user: the chart is local.
    env: {
      ...process.env,
      HELM_CACHE_HOME: path.join(REPO_ROOT, '.tools', 'helm', 'cache'),
      HELM_CONFIG_HOME: path.join(REPO_ROOT, '.tools', 'helm', 'config'),
      HELM_DATA_HOME: path.join(REPO_ROOT, '.tools', 'helm', 'data'),
    },
  });
  return {
    status: result.status,
    stdout: result.stdout,
    output: `${result.stdout}${result.stderr}`,
  };
}

/** `helm lint --strict` on the chart with these values files (paths from the chart's folder). */
export function helmLint(valuesFiles: string[], chart = CHART_DIR): ToolResult {
  const values = valuesFiles.flatMap((file) => ['--values', path.resolve(chart, file)]);
  return run(buildHelm(), ['lint', '--strict', chart, ...values]);
}

/** `helm template` of the chart with these values files; its stdout is the manifests. */
export function helmTemplate(
  valuesFiles: string[],
  extra: string[] = [],
  chart = CHART_DIR,
): ToolResult {
  const values = valuesFiles.flatMap((file) => ['--values', path.resolve(chart, file)]);
  return run(buildHelm(), [
    'template',
    'store-cloud',
    chart,
    '--namespace',
    'store-cloud',
    // helm template assumes Kubernetes 1.20 without a cluster; the chart asks for 1.25 or newer.
    '--kube-version',
    KUBE_VERSION,
    ...values,
    ...extra,
  ]);
}

/** tools/k8s-check on manifests (a multi-document YAML text); -json: the decoded objects. */
export function k8sCheck(manifests: string, args: string[] = []): ToolResult {
  return run(buildK8sCheck(), args, manifests);
}
