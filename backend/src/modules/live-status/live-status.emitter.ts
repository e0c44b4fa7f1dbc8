import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { LIVE_STATUS } from '@store-cloud/contracts';
import Redis from 'ioredis';
import { ConfigService } from '../../config/config.service';
import { socketIoKey } from '../redis';
import { LiveStatusService } from './live-status.service';

/**
 * For the worker process, which has no socket.io server: its live status pushes (a store dropped
 * by the ping check, a connection closed by the idle sweep) are published on the socket.io Redis
 * adapter's channel, and every API node hands them to its portal sockets.
 */
@Injectable()
export class LiveStatusEmitter implements OnModuleInit, OnApplicationShutdown {
  private redis?: Redis;

  constructor(
    private readonly config: ConfigService,
    private readonly live: LiveStatusService,
  ) {}

  onModuleInit() {
    this.redis = new Redis(this.config.get('redisUrl'), { maxRetriesPerRequest: 1 });
    // RedisService already logs connection errors; ioredis would print each retry otherwise.
    this.redis.on('error', () => undefined);
    const emitter = new Emitter(this.redis, { key: socketIoKey(this.config) });
    this.live.attach(emitter.of(LIVE_STATUS.namespace));
  }

  async onApplicationShutdown() {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
