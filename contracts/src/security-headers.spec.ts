import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bosFrameOrigins, PORTAL_HEADERS, portalCsp } from './security-headers';

describe('portal security headers', () => {
  it('let the function frame load the BOS hosts that are other origins', () => {
    expect(
      bosFrameOrigins(['/bos1', 'http://10.0.0.5:3200/bos2', 'http://10.0.0.5:3200/bos3']),
    ).toEqual(['http://10.0.0.5:3200']);
    expect(portalCsp(['http://10.0.0.5:3200'])).toContain("frame-src 'self' http://10.0.0.5:3200;");
    expect(portalCsp()).toContain("frame-ancestors 'self'");
    expect(portalCsp()).toContain("script-src 'self';");
  });

  it('are the ones docker/portal-headers.conf gives nginx', () => {
    const conf = readFileSync(
      path.join(__dirname, '..', '..', 'docker', 'portal-headers.conf'),
      'utf8',
    );
    const header = (name: string) =>
      new RegExp(`^add_header ${name} "([^"]*)" always;$`, 'm').exec(conf)?.[1];
    // The image build replaces the placeholder with bosFrameOrigins(BOS_HOSTS).
    expect(header('Content-Security-Policy')).toBe(portalCsp(['__BOS_FRAME_ORIGINS__']));
    for (const [name, value] of Object.entries(PORTAL_HEADERS)) expect(header(name)).toBe(value);
  });
});
