import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis';

/**
 * FerretDB's conditional updates are no atomic compare-and-set, so two logins racing with one
 * code could both pass the database's check. Each accepted TOTP step and recovery code is first
 * claimed in Redis (SET NX, shared by every node): one request wins. The database stays the
 * truth for later requests (the recorded step, the removed code), so a Redis that forgot its
 * claims lets no code through twice either, only the race's window opens again.
 */
@Injectable()
export class CodeClaims {
  constructor(private readonly redis: RedisService) {}

  /** True for the first caller with this key within `ttlSeconds`. */
  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.client.set(`mfa-claim:${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
  }
}
