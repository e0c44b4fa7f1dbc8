import { ACCESS_TOKEN_HEADER, API, SITE_API } from '@store-cloud/contracts';
import { PinoLogger } from 'nestjs-pino';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

describe('logging', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('logging', { config: { logLevel: 'trace' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never writes a login password or an access token', async () => {
    const wrong = 'Leak-Check-Wrong-7';
    const malformed = 'Leak-Check-Malformed-8';
    const ok = await request(t.baseUrl).post(API.login).send(TEST_ADMIN).expect(200);
    const token: string = ok.body.token;
    await request(t.baseUrl)
      .post(API.login)
      .send({ username: TEST_ADMIN.username, password: wrong })
      .expect(401);
    await request(t.baseUrl)
      .post(API.login)
      .send({ username: 42, password: malformed })
      .expect(400);
    await request(t.baseUrl).get('/portalconfig/apps').set(ACCESS_TOKEN_HEADER, token).expect(200);
    await request(t.baseUrl)
      .get('/portalconfig/apps')
      .set('Authorization', `Bearer ${token}`)
      .expect(401);

    const text = t.logs.join('');
    // The capture works: the requests above are there.
    expect(
      t.logs.filter((l) => l.includes(API.login) && l.includes('request completed')),
    ).toHaveLength(3);
    for (const secret of [TEST_ADMIN.password, wrong, malformed, token, token.split('.')[2]!]) {
      expect(text).not.toContain(secret);
    }
  });

  it('blanks a token in the query of a logged URL', async () => {
    const token = await t.login(TEST_ADMIN);
    // A site token travels this way (the portal's ping loop, the back-office apps' check).
    await request(t.baseUrl)
      .get(SITE_API.siteTokenInfo)
      .query({ token, peek: 'true' })
      .expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    const line = t.logs.find(
      (l) => l.includes(SITE_API.siteTokenInfo) && l.includes('request completed'),
    );
    expect(line).toContain(`${SITE_API.siteTokenInfo}?token=[redacted]&peek=true`);
    const text = t.logs.join('');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2]!);
  });

  it('blanks secret fields that code logs by mistake', async () => {
    const logger = await t.app.resolve(PinoLogger);
    logger.info(
      { password: 'Mistake-Pass-1', user: { newPassword: 'Mistake-Pass-2', name: 'kept' } },
      'oops',
    );
    const line = t.logs.find((l) => l.includes('"oops"'));
    expect(line).toBeDefined();
    expect(line).toContain('kept');
    expect(line).toContain('[redacted]');
    expect(line).not.toMatch(/Mistake-Pass/);
  });
});
