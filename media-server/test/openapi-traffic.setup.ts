import {
  buildOpenApiDocument,
  MEDIA_SERVER_ROUTES,
  type OpenApiDocument,
} from '@store-cloud/contracts';
import type { Express } from 'express';
import { openApiTrafficCheck } from '../../e2e/stack/openapi-traffic';

/**
 * Jest setup (setupFilesAfterEnv): every app a test file makes with createApp records its
 * answers, and the file fails at its end when one disagrees with the media server's OpenAPI
 * document (the one docs.router.ts serves, from the same routes).
 */
let document: OpenApiDocument | undefined;
const mockTraffic = openApiTrafficCheck(
  () =>
    (document ??= buildOpenApiDocument({
      title: 'Store Cloud media server API',
      version: '0.0.0',
      routes: MEDIA_SERVER_ROUTES,
    })),
);

jest.mock('../src/app', () => {
  const actual = jest.requireActual<typeof import('../src/app')>('../src/app');
  return {
    ...actual,
    createApp: (...args: Parameters<typeof actual.createApp>) => {
      const app = actual.createApp(...args) as Express;
      // The recorder goes first, so it also sees what the app's own middlewares answer.
      app.use(mockTraffic.middleware);
      const stack = (app as unknown as { router: { stack: unknown[] } }).router.stack;
      stack.unshift(stack.pop());
      return app;
    },
  };
});

afterAll(async () => {
  const mismatches = await mockTraffic.report();
  if (mismatches.length) {
    throw new Error(
      `${mismatches.length} answer(s) of the media server disagree with its OpenAPI document ` +
        `(contracts/src/openapi/media-server-routes.ts):\n  ${mismatches.join('\n  ')}`,
    );
  }
});
