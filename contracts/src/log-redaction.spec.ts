import { redactUrlSecrets } from './log-redaction';

describe('redactUrlSecrets', () => {
  it('blanks secret-like query values and keeps the rest', () => {
    expect(redactUrlSecrets('/portal/sitetokeninfo?token=aaa.bbb.ccc&peek=true')).toBe(
      '/portal/sitetokeninfo?token=[redacted]&peek=true',
    );
    expect(redactUrlSecrets('/bos1?user=7&siteToken=x&store=2&api_key=k&Password=p')).toBe(
      '/bos1?user=7&siteToken=[redacted]&store=2&api_key=[redacted]&Password=[redacted]',
    );
  });

  it('catches an escaped parameter name', () => {
    expect(redactUrlSecrets('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
  });

  it('leaves a URL without secrets as it is', () => {
    expect(redactUrlSecrets('/api/v1/ping?c=1&s=2')).toBe('/api/v1/ping?c=1&s=2');
    expect(redactUrlSecrets('/health')).toBe('/health');
  });
});
