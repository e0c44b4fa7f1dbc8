import { Injectable } from '@nestjs/common';
import { ConfigService } from '../../config/config.service';

/** lastAccessed is written at most this often per connection (issue 15). */
const WRITE_EVERY_MS = 1000;
/** Past this many connections remembered, the ones not written within the window are dropped. */
const PRUNE_ABOVE = 10_000;

/**
 * Which connections (by cid) had lastAccessed written by this node within the last second: a
 * relayed call of such a connection only checks that it is still open, without the write. The
 * window stays well under the idle timeout, so an idle close never sees a connection in use as
 * idle. In memory only: after a restart, the first call of each connection writes again.
 */
@Injectable()
export class LastAccessedThrottle {
  private readonly windowMs: number;
  private readonly writtenAt = new Map<string, number>();

  constructor(config: ConfigService) {
    this.windowMs = Math.min(WRITE_EVERY_MS, config.get('siteIdleTimeoutMs') / 10);
  }

  /** True when the connection's lastAccessed is due a write at `now` (ms). */
  isDue(cid: string, now: number): boolean {
    const at = this.writtenAt.get(cid);
    return at === undefined || now - at >= this.windowMs || now < at;
  }

  written(cid: string, now: number): void {
    if (this.writtenAt.size >= PRUNE_ABOVE) {
      for (const [key, at] of this.writtenAt)
        if (!(now - at < this.windowMs)) this.writtenAt.delete(key);
    }
    this.writtenAt.set(cid, now);
  }

  /** The connection closed (or was taken over): its next call writes again. */
  forget(cid: string): void {
    this.writtenAt.delete(cid);
  }
}
