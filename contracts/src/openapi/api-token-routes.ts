import { successSchema } from '../schemas/admin.schema';
import {
  API_TOKEN_API,
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '../schemas/api-token.schema';
import type { ApiRoute } from './api-route';

/** API tokens (issue 27 part 5): ADMIN and SUPER-ADMIN, for their own companies. */
export const API_TOKEN_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: API_TOKEN_API.list,
    tag: 'auth',
    summary: "API tokens: a SUPER-ADMIN's all, an ADMIN's own",
    security: ['accessToken'],
    answers: [{ status: 200, description: 'The tokens, newest first', schema: apiTokenListSchema }],
  },
  {
    method: 'post',
    path: API_TOKEN_API.list,
    tag: 'auth',
    summary: 'Create an API token; the answer is the only time the token is shown',
    security: ['accessToken'],
    body: createApiTokenSchema,
    answers: [{ status: 201, description: 'The token, once', schema: createdApiTokenSchema }],
  },
  {
    method: 'delete',
    path: API_TOKEN_API.revoke,
    tag: 'auth',
    summary: 'Revoke an API token: refused at once on every node',
    security: ['accessToken'],
    answers: [{ status: 200, description: 'Revoked', schema: successSchema }],
    errors: [404],
  },
];
