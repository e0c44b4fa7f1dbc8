import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Health, healthOf, type VersionInfo } from '@store-cloud/contracts';
import { dependencyVersion, readPackageVersion } from '@store-cloud/node-kit';
import { Connection } from 'mongoose';
import { RedisService } from '../redis';

const MONGO_PING_TIMEOUT_MS = 2000;

/** FerretDB answers buildInfo with a MongoDB version and its own in ferretdbVersion. */
function databaseOf(info: Record<string, unknown>): Pick<VersionInfo, 'mongo' | 'database'> {
  const mongo = String(info.version);
  if (!('ferretdbVersion' in info)) return { mongo, database: { name: 'MongoDB', version: mongo } };
  const own = String(info.ferretdbVersion);
  return { mongo, database: { name: 'FerretDB', ...(own !== 'unknown' ? { version: own } : {}) } };
}

@Injectable()
export class SystemService {
  private readonly backendVersion = readPackageVersion(__dirname, '@store-cloud/backend');
  private readonly expressVersion = dependencyVersion('express', __dirname);
  private database?: Pick<VersionInfo, 'mongo' | 'database'>;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly redis: RedisService,
  ) {}

  async version(): Promise<VersionInfo> {
    // The server's version does not change while connected; ask once.
    this.database ??= await this.connection.db!.admin().buildInfo().then(databaseOf);
    return {
      version: this.backendVersion,
      node: process.version,
      express: this.expressVersion,
      ...this.database,
    };
  }

  /**
   * Ready: the database and Redis answer. BullMQ's queues live on that same Redis (REDIS_URL),
   * so Redis up is the queues reachable; whether a worker serves them is the worker's health.
   */
  async ready(): Promise<Health> {
    const [mongo, redis] = await Promise.all([this.mongoUp(), this.redis.isUp()]);
    return healthOf({ mongo, redis });
  }

  private async mongoUp(): Promise<boolean> {
    const db = this.connection.db;
    if (this.connection.readyState !== 1 || !db) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), MONGO_PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([db.command({ ping: 1 }).then((r) => r.ok === 1), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
