import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  API,
  loginResultSchema,
  type User,
  type UserAccess,
  type UserTypeName,
  USER_TYPE,
} from '@store-cloud/contracts';
import type { Connection } from 'mongoose';
import { Logger } from 'nestjs-pino';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { openApiTrafficCheck } from '../../e2e/stack/openapi-traffic';
import { TEST_ENV } from '../../e2e/stack/test-services';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/configure-app';
import { type AppConfig, loadBackendConfig } from '../src/config/env.schema';
import { PasswordHasher } from '../src/modules/users/password-hasher';
import { UsersRepository } from '../src/modules/users/users.repository';
import { runSeed, type SeedSummary } from '../src/seed';
import { DocsController } from '../src/modules/docs/docs.controller';

export const TEST_ADMIN = {
  username: 'admin@storecloud.test',
  password: 'Admin-Test-Pass1',
} as const;
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
/** 32 bytes in base64, as SITE_CREDENTIALS_KEY must be. */
export const TEST_SITE_CREDENTIALS_KEY = Buffer.alloc(32, 7).toString('base64');
/** The key the test backends and the media servers they start share (MEDIA_SERVICE_KEY). */
export const TEST_MEDIA_SERVICE_KEY = 'test-media-service-key-0123456789abcdef';
export const TEST_TENTACLE_SECRET = 'test-tentacle-secret-long-enough-0123456789';

export interface TestApp {
  app: INestApplication;
  baseUrl: string;
  config: AppConfig;
  /** Every log line the app wrote, as pino wrote it. */
  logs: string[];
  seed: SeedSummary | undefined;
  /** Creates a user directly in the database (a fixture; the admin API is tested on its own). */
  createUser(user: {
    username: string;
    password: string;
    enabled?: boolean;
    usertype?: UserTypeName;
    access?: UserAccess;
    applications?: string[];
  }): Promise<User>;
  users: UsersRepository;
  /** Logs in through POST /portal/login (expecting 200) and answers the access token. */
  login(user: { username: string; password: string }): Promise<string>;
  close(): Promise<void>;
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the tests through jest (global-setup.ts provides it)`);
  return value;
}

/** A database and Redis prefix of its own for each test file (and each app within it). */
export function testConfig(name: string, overrides: Partial<AppConfig> = {}): AppConfig {
  const id = `test_${name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}`.slice(0, 60);
  const base = requireEnv(TEST_ENV.mongoBase);
  const query = process.env[TEST_ENV.mongoQuery] ?? '';
  // The schema's defaults for everything a test does not set.
  return {
    ...loadBackendConfig({
      MONGODB_URI: `${base}/${id}${query}`,
      REDIS_URL: process.env[TEST_ENV.redisUrl],
      REDIS_PREFIX: id,
      JWT_SECRET: TEST_JWT_SECRET,
      JWT_EXPIRES_IN: '1h',
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SITE_CREDENTIALS_KEY: TEST_SITE_CREDENTIALS_KEY,
      TENTACLE_SECRET: TEST_TENTACLE_SECRET,
      MEDIA_SERVICE_KEY: TEST_MEDIA_SERVICE_KEY,
    }),
    port: 0,
    ...overrides,
  };
}

/**
 * Boots the real AppModule on a random port against the test database, seeds it (unless told
 * not to), and on close() drops the database.
 */
export async function createTestApp(
  name: string,
  options: { config?: Partial<AppConfig>; seed?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(name, options.config);
  const logs: string[] = [];
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({
      config,
      logDestination: { write: (line: string) => void logs.push(line) },
    }),
    { bufferLogs: true, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  // Every answer is held to the served OpenAPI document (e2e/stack/openapi-traffic.ts).
  const traffic = openApiTrafficCheck(() => app.get(DocsController).openApi());
  app.use(traffic.middleware);
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const seed = options.seed === false ? undefined : await runSeed(app);
  const users = app.get(UsersRepository);
  /** Ids of the users createUser made, which a retried test may make again. */
  const madeHere = new Set<string>();
  const hasher = app.get(PasswordHasher);
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    logs,
    seed,
    users,
    createUser: async (u) => {
      // A test retried after a failure (e2e/stack/jest-retry-once.ts) makes its user
      // afresh instead of tripping over the one its first try made. Only a user this
      // harness made goes: a clash with any other (the seeded admin) still fails.
      const earlier = await users.findByUsername(u.username);
      if (earlier && madeHere.has(earlier.id)) await users.deleteById(earlier.id);
      const made = await users.create({
        username: u.username,
        passwordHash: await hasher.hash(u.password),
        enabled: u.enabled ?? true,
        usertype: u.usertype ?? USER_TYPE.BASIC,
        access: u.access ?? { all: false, companies: [] },
        applications: u.applications ?? [],
      });
      madeHere.add(made.id);
      return made;
    },
    login: async (user) =>
      loginResultSchema.parse(
        (await request(`http://127.0.0.1:${port}`).post(API.login).send(user).expect(200)).body,
      ).token!,
    close: async () => {
      await app.get<Connection>(getConnectionToken()).dropDatabase();
      await app.close();
      const mismatches = await traffic.report();
      if (mismatches.length) {
        throw new Error(
          `${mismatches.length} answer(s) of the app "${name}" disagree with its OpenAPI document ` +
            `(each handler's @ApiDoc, or the answer):\n  ${mismatches.join('\n  ')}`,
        );
      }
    },
  };
}

/** The payload of a JWT, decoded without checking it (the tests check what the portal reads). */
export function decodeToken(token: string): unknown {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
}
