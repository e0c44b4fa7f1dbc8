import { ACCESS_TOKEN_HEADER, SITE_API, siteLoginResultSchema } from '@store-cloud/contracts';
import request from 'supertest';

/**
 * As the portal connects to a store: POST siteconnect, then sitelogin with the store's own
 * credentials (username and password null), both expected to answer 200; answers the site token.
 */
export async function connectAndLogin(
  baseUrl: string,
  token: string,
  site: { company: number; store: number },
): Promise<string> {
  const post = (url: string, body: object) =>
    request(baseUrl).post(url).set(ACCESS_TOKEN_HEADER, token).send(body);
  await post(SITE_API.siteConnect, site).expect(200);
  const res = await post(SITE_API.siteLogin, { ...site, username: null, password: null }).expect(
    200,
  );
  return siteLoginResultSchema.parse(res.body).token;
}
