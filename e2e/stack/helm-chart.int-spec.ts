import { beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHART_DIR, helmLint, helmTemplate, k8sCheck } from './helm';
import { REPO_ROOT } from './paths';

/**
 * deploy/helm/store-cloud without a cluster: `helm lint` and `helm template` for the default
 * profile and for S3 media with three API nodes, every rendered manifest decoded strictly with
 * Kubernetes' own types (tools/k8s-check), and what a reviewer would check in them. helm is built
 * on first use (several minutes, once: .tools/bin).
 */
const DEFAULT = ['ci/default-values.yaml'];
const S3 = ['ci/default-values.yaml', 'ci/s3-3api-values.yaml'];
const BUILD_TIMEOUT = 1_800_000;

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Container {
  name: string;
  env?: EnvVar[];
  livenessProbe?: unknown;
  readinessProbe?: unknown;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface PodSpec {
  containers: Container[];
  volumes?: Array<{ name: string; emptyDir?: unknown }>;
}
interface K8sObject {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  stringData?: Record<string, string>;
  data?: Record<string, string>;
  type?: string;
  spec?: {
    replicas?: number;
    minReplicas?: number;
    template?: { spec: PodSpec };
    volumeClaimTemplates?: Array<{ metadata: { name: string } }>;
    scaleTargetRef?: { name: string };
    jobTemplate?: unknown;
  };
}

/** Renders a profile and decodes it with k8s-check; answers the objects. */
function render(values: string[], extra: string[] = []): K8sObject[] {
  const template = helmTemplate(values, extra);
  expect(template.output).not.toMatch(/Error/);
  expect(template.status).toBe(0);
  const checked = k8sCheck(template.stdout, ['-json']);
  expect(checked.status).toBe(0);
  return JSON.parse(checked.stdout) as K8sObject[];
}

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const workloads = (objects: K8sObject[]) =>
  objects.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));
const containersOf = (o: K8sObject) => o.spec?.template?.spec.containers ?? [];
const envOf = (o: K8sObject, name: string) =>
  containersOf(o)
    .flatMap((c) => c.env ?? [])
    .find((e) => e.name === name);

/** The secret names the chart knows: values.yaml's secrets block. */
const SECRET_NAMES = [
  'MONGODB_URI',
  'REDIS_URL',
  'JWT_SECRET',
  'SITE_CREDENTIALS_KEY',
  'COMPANY_DEFAULT_PASSWORD',
  'TENTACLE_SECRET',
  'MEDIA_SERVICE_KEY',
  'ADMIN_PASSWORD',
  'OIDC_CLIENT_SECRET',
  'METRICS_TOKEN',
  'SMTP_URL',
  'BACKUP_SERVER_KEY',
  'MEDIA_S3_SECRET_ACCESS_KEY',
];

describe('helm chart deploy/helm/store-cloud', () => {
  let defaults: K8sObject[];
  let s3: K8sObject[];

  beforeAll(() => {
    defaults = render(DEFAULT);
    s3 = render(S3);
  }, BUILD_TIMEOUT);

  it('serves the portal with compose nginx files, adapted only in the names nginx resolves', () => {
    for (const file of ['nginx.conf', 'nginx-main.conf', 'portal-port.conf.template']) {
      const chartCopy = fs.readFileSync(path.join(CHART_DIR, 'files', file), 'utf8');
      expect(chartCopy).toBe(fs.readFileSync(path.join(REPO_ROOT, 'docker', file), 'utf8'));
    }
    const portal = find(defaults, 'ConfigMap', 'store-cloud-portal');
    const compose = fs.readFileSync(path.join(REPO_ROOT, 'docker', 'nginx.conf'), 'utf8');
    const rendered = portal?.data?.['default.conf'] ?? '';
    expect(rendered).not.toContain('127.0.0.11');
    expect(rendered).toContain('resolver kube-dns.kube-system.svc.cluster.local valid=10s');
    expect(rendered).toContain(
      'server store-cloud-backend.store-cloud.svc.cluster.local:3000 resolve;',
    );
    expect(rendered).toContain(
      'server store-cloud-media-server.store-cloud.svc.cluster.local:3100 resolve;',
    );
    const changed = compose.split('\n').filter((line, i) => rendered.split('\n')[i] !== line);
    expect(changed.map((line) => line.trim())).toEqual([
      'resolver 127.0.0.11 valid=10s ipv6=off;',
      'server backend:3000 resolve;',
      'server router-simulator:3200 resolve;',
      'server media-server:3100 resolve;',
    ]);
    expect(portal?.data?.['nginx.conf']).toBe(
      fs.readFileSync(path.join(REPO_ROOT, 'docker', 'nginx-main.conf'), 'utf8'),
    );
  });

  it('stops the render when docker/nginx.conf no longer holds a line it adapts', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'store-cloud-chart-'));
    try {
      const chart = path.join(copy, 'store-cloud');
      fs.cpSync(CHART_DIR, chart, { recursive: true, dereference: true });
      const conf = path.join(chart, 'files', 'nginx.conf');
      fs.writeFileSync(conf, fs.readFileSync(conf, 'utf8').replace('127.0.0.11', '10.0.0.10'));
      const result = helmTemplate(DEFAULT, [], chart);
      expect(result.status).not.toBe(0);
      expect(result.output).toContain('docker/nginx.conf no longer holds "resolver 127.0.0.11');
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it(
    'passes helm lint --strict for both profiles',
    () => {
      for (const values of [DEFAULT, S3]) {
        const result = helmLint(values);
        expect(result.output).toContain('0 chart(s) failed');
        expect(result.status).toBe(0);
      }
    },
    BUILD_TIMEOUT,
  );

  it('names a required secret that is missing', () => {
    const result = helmTemplate([], ['--set', 'portalOrigin=https://portal.example.com']);
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/secrets\.[A-Z_]+ is required/);
    const noOrigin = helmTemplate([], ['--set', 'secrets.existingSecret=mine']);
    expect(noOrigin.output).toContain('portalOrigin is required');
  });

  it('gives every long-running container probes and every container requests and limits', () => {
    for (const objects of [defaults, s3]) {
      for (const workload of workloads(objects)) {
        for (const container of containersOf(workload)) {
          const where = `${workload.kind}/${workload.metadata.name} ${container.name}`;
          if (workload.kind !== 'Job') {
            expect([where, container.livenessProbe]).not.toEqual([where, undefined]);
            expect([where, container.readinessProbe]).not.toEqual([where, undefined]);
          }
          for (const side of ['requests', 'limits'] as const) {
            expect([where, Object.keys(container.resources?.[side] ?? {}).sort()]).toEqual([
              where,
              ['cpu', 'memory'],
            ]);
          }
        }
      }
    }
  });

  it(
    'takes every secret from values or secrets.existingSecret, never a literal',
    () => {
      const secret = find(defaults, 'Secret', 'store-cloud');
      const values = fs.readFileSync(path.join(CHART_DIR, 'ci', 'default-values.yaml'), 'utf8');
      for (const [name, value] of Object.entries(secret?.stringData ?? {})) {
        expect(values).toContain(`${name}: ${value}`);
      }
      const templates = fs
        .readdirSync(path.join(CHART_DIR, 'templates'))
        .map((file) => fs.readFileSync(path.join(CHART_DIR, 'templates', file), 'utf8'))
        .join('\n');
      for (const name of SECRET_NAMES)
        expect(templates).not.toMatch(new RegExp(`${name}\\s*[:=]\\s*\\S`));

      const own = render(DEFAULT, ['--set', 'secrets.existingSecret=store-cloud-operator']);
      expect(own.filter((o) => o.kind === 'Secret' && o.type !== 'kubernetes.io/tls')).toEqual([]);
      const secretRefs = [] as EnvVar[];
      for (const objects of [defaults, s3, own]) {
        for (const workload of workloads(objects)) {
          for (const env of containersOf(workload).flatMap((c) => c.env ?? [])) {
            if (SECRET_NAMES.includes(env.name)) {
              expect([env.name, env.value]).toEqual([env.name, undefined]);
              expect(env.valueFrom?.secretKeyRef?.key).toBe(env.name);
              if (objects === own) secretRefs.push(env);
            }
          }
        }
      }
      expect(new Set(secretRefs.map((e) => e.valueFrom?.secretKeyRef?.name))).toEqual(
        new Set(['store-cloud-operator']),
      );
    },
    BUILD_TIMEOUT,
  );

  it('seeds in a hook before the API nodes, after its Secret', () => {
    const seed = find(defaults, 'Job', 'store-cloud-seed');
    const secret = find(defaults, 'Secret', 'store-cloud');
    expect(seed?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(secret?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(Number(secret?.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(
      Number(seed?.metadata.annotations?.['helm.sh/hook-weight']),
    );
    expect(containersOf(seed!)[0].env?.find((e) => e.name === 'SEED_DEMO')?.value).toBe('false');
  });

  it('keeps media on a volume by default: a StatefulSet of one', () => {
    const media = find(defaults, 'StatefulSet', 'store-cloud-media-server');
    expect(find(defaults, 'Deployment', 'store-cloud-media-server')).toBeUndefined();
    expect(media?.spec?.replicas).toBe(1);
    expect(media?.spec?.volumeClaimTemplates?.map((v) => v.metadata.name)).toEqual(['data']);
    expect(envOf(media!, 'MEDIA_STORAGE')?.value).toBe('local');
    const hpa = find(defaults, 'HorizontalPodAutoscaler', 'store-cloud-backend');
    expect(hpa?.spec?.scaleTargetRef?.name).toBe('store-cloud-backend');
    expect(find(defaults, 'Deployment', 'store-cloud-router-simulator')).toBeUndefined();
    const kinds = new Set(defaults.map((o) => o.kind));
    expect(kinds).toContain('PodDisruptionBudget');
    expect(kinds).toContain('NetworkPolicy');
  });

  it(
    'puts media in the bucket with three API nodes in the S3 profile',
    () => {
      const media = find(s3, 'Deployment', 'store-cloud-media-server');
      expect(find(s3, 'StatefulSet', 'store-cloud-media-server')).toBeUndefined();
      expect(media?.spec?.replicas).toBe(2);
      expect(media?.spec?.template?.spec.volumes).toEqual([{ name: 'data', emptyDir: {} }]);
      expect(envOf(media!, 'MEDIA_STORAGE')?.value).toBe('s3');
      expect(envOf(media!, 'MEDIA_S3_BUCKET')?.value).toBe('store-cloud-media');
      expect(envOf(media!, 'MEDIA_S3_SECRET_ACCESS_KEY')?.valueFrom?.secretKeyRef?.name).toBe(
        'store-cloud',
      );
      const hpa = find(s3, 'HorizontalPodAutoscaler', 'store-cloud-backend');
      expect(hpa?.spec?.minReplicas).toBe(3);
      // The autoscaler owns the count: a replicas field would fight it on every upgrade.
      expect(find(s3, 'Deployment', 'store-cloud-backend')?.spec?.replicas).toBeUndefined();
      const withoutHpa = render(S3, ['--set', 'api.autoscaling.enabled=false,api.replicas=3']);
      expect(find(withoutHpa, 'Deployment', 'store-cloud-backend')?.spec?.replicas).toBe(3);
      expect(find(withoutHpa, 'HorizontalPodAutoscaler', 'store-cloud-backend')).toBeUndefined();
    },
    BUILD_TIMEOUT,
  );

  it('refuses several media servers on a local volume', () => {
    const result = helmTemplate(DEFAULT, ['--set', 'media.replicas=2']);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('with media.storage local the files live on one pod');
  });

  it('k8s-check fails a misspelled field, a wrong type and an unknown kind, naming the document', () => {
    const manifests = helmTemplate(DEFAULT).stdout;
    expect(k8sCheck(manifests).status).toBe(0);
    const misspelled = k8sCheck(manifests.replace('readinessProbe:', 'readinesProbe:'));
    expect(misspelled.status).toBe(1);
    expect(misspelled.output).toMatch(
      /Deployment\/store-cloud-\S+ \(store-cloud\/templates\/.*unknown field "readinesProbe"/,
    );
    const wrongType = k8sCheck(manifests.replace(/minReplicas: 1/, 'minReplicas: "one"'));
    expect(wrongType.status).toBe(1);
    expect(wrongType.output).toContain('HorizontalPodAutoscaler/store-cloud-backend');
    const unknownKind = k8sCheck(
      manifests.replace('apiVersion: autoscaling/v2', 'apiVersion: autoscaling/v2beta1'),
    );
    expect(unknownKind.status).toBe(1);
    expect(unknownKind.output).toContain(
      'unknown kind autoscaling/v2beta1 HorizontalPodAutoscaler',
    );
  });
});
