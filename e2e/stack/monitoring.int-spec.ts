import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { checkConfig, testRules } from './promtool';

const MONITORING = path.join(REPO_ROOT, 'docker', 'monitoring');

/**
 * docker/monitoring (compose's `monitoring` profile): the alerting rules pass their unit tests
 * (`promtool test rules`), the Prometheus configuration parses, and the Grafana dashboard is
 * JSON whose panels ask Prometheus only about the platform's own series and `up`. promtool is
 * built on first use (about 3 minutes, once: .tools/bin).
 */
describe('monitoring files', () => {
  it('passes promtool test rules on alerts.test.yml', () => {
    const result = testRules(['alerts.test.yml'], MONITORING);
    expect(result.output).toContain('SUCCESS');
    expect(result.status).toBe(0);
  }, 600_000);

  it('has a Prometheus configuration promtool accepts', () => {
    const result = checkConfig(path.join(MONITORING, 'prometheus.yml'));
    expect(result.status).toBe(0);
  }, 600_000);

  it('has a dashboard on the platform series only', () => {
    const file = path.join(MONITORING, 'grafana', 'dashboards', 'store-cloud.json');
    const dashboard = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      uid: string;
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    expect(dashboard.uid).toBe('storecloud-overview');
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    expect(exprs.length).toBeGreaterThan(10);
    for (const expr of exprs) expect(expr).toMatch(/\bstorecloud_[a-z_]+|^up$/);
  });
});
