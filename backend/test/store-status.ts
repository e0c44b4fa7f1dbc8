import {
  ACCESS_TOKEN_HEADER,
  COMPANY_API,
  type StoreStatus,
  storeStatusListSchema,
  storeStatusSchema,
} from '@store-cloud/contracts';
import request from 'supertest';

/** GET /storestatus for one store (no token needed), expected to answer 200. */
export async function storeStatus(baseUrl: string, c: number, s: number): Promise<StoreStatus> {
  return storeStatusSchema.parse(
    (await request(baseUrl).get(COMPANY_API.storeStatus).query({ c, s }).expect(200)).body,
  );
}

/** GET /allstoresstatus as the token's user, expected to answer 200. */
export async function allStoresStatus(baseUrl: string, token: string): Promise<StoreStatus[]> {
  return storeStatusListSchema.parse(
    (
      await request(baseUrl)
        .get(COMPANY_API.allStoresStatus)
        .set(ACCESS_TOKEN_HEADER, token)
        .expect(200)
    ).body,
  );
}
