import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../redis';

const STAMP_KEY = 'integrationCompanies:stamp';

/**
 * A token in Redis that changes with every change of the connected companies in the database:
 * a node's copy of them (ConnectedCompaniesView) is good while the token is the one it read
 * with. Written after the database write, so a copy read meanwhile is never kept past it.
 */
@Injectable()
export class CompaniesStamp {
  private readonly logger = new Logger(CompaniesStamp.name);

  constructor(private readonly redis: RedisService) {}

  /** The token now; a Redis that has none (flushed, or never told) gets one, the same for all. */
  async current(): Promise<string> {
    const client = this.redis.client;
    const stamp = await client.get(STAMP_KEY);
    if (stamp) return stamp;
    await client.set(STAMP_KEY, randomUUID(), 'NX');
    return (await client.get(STAMP_KEY)) ?? '';
  }

  /** After a change in the database: every node's copy is stale from now on. */
  async changed(): Promise<void> {
    try {
      await this.redis.client.set(STAMP_KEY, randomUUID());
    } catch (error) {
      // The copies' periodic read picks the change up (ConnectedCompaniesView).
      this.logger.warn(`Could not mark the connected companies changed: ${String(error)}`);
    }
  }
}
