import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DISGUISED_PATH_PATTERN, REQUEST_PATH_TEXT, requestPathProblem } from './request-path';
import { ERROR_CODE } from './schemas/common.schema';

describe('requestPathProblem', () => {
  it('passes plain paths, whatever their query holds', () => {
    for (const url of [
      '/',
      '/login',
      '/api/v1/users?name=%2e%2e%2f',
      '/media-server/companies/a/pending/caf%C3%A9%20menu.jpg',
      '/bos1?c=101&s=1',
      '/a..b/.hidden',
    ]) {
      expect([url, requestPathProblem(url)]).toEqual([url, undefined]);
    }
  });

  it('refuses percent-encodings that do not decode', () => {
    for (const url of ['/%', '/%ZZ', '/a%2', '/%c0%ae%c0%ae/x', '/%ff.png', '/a%e0%80.jpg']) {
      expect([url, requestPathProblem(url)]).toEqual([url, 'malformed']);
    }
  });

  it('refuses paths a later reader could take for another path', () => {
    for (const url of [
      '/api/v1/broadcastMessage/%2e%2e/%2e%2e/%2e%2e/%2e%2e/bos1?c=101&s=1&d=em',
      '/api/x/%2E%2E/bos1',
      '/..%2f.data/secrets.json',
      '/a%5cb',
      '/api/../bos1',
      '/api/./x',
      '/a\\..\\bos1',
      '//evil.example/x',
      'http://evil.example/bos1',
      '*',
    ]) {
      expect([url, requestPathProblem(url)]).toEqual([url, 'disguised']);
    }
  });

  it('is the rule docker/nginx.conf applies', () => {
    const conf = readFileSync(path.join(__dirname, '..', '..', 'docker', 'nginx.conf'), 'utf8');
    expect(conf).toContain(`if ($request_uri ~* "^[^?]*${DISGUISED_PATH_PATTERN}")`);
    const body = { code: ERROR_CODE.validation, message: REQUEST_PATH_TEXT.disguised };
    expect(conf).toContain(`return 400 '${JSON.stringify(body)}';`);
  });
});
