import {
  type Play,
  PROOF_OF_PLAY_MAX_BATCH,
  PROOF_OF_PLAY_SOCKET,
  proofOfPlayAckSchema,
  type SimulatedPlays,
} from '@store-cloud/contracts';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io-client';
import type { FleetState } from '../fleet/fleet-state';
import type { PlayOutbox } from './play-outbox';

export interface StorePlayerOptions {
  companyId: number;
  storeId: number;
  /** How often the screen's plays are recorded and sent (also at every connect). */
  reportIntervalMs: number;
  /** How long each file shows. */
  playMs: number;
  logger: Logger;
}

const ACK_TIMEOUT_MS = 10_000;
/** A screen that was off longer (the process slept) starts again now instead of catching up. */
const MAX_CATCH_UP_PLAYS = 10 * PROOF_OF_PLAY_MAX_BATCH;
export const SCREEN = 'Screen 1';

/**
 * The reference player of one store (issue 32): its screen shows the files of the media it last
 * fetched from the cloud, one after another for playMs each, online or not; each play goes to
 * the store's outbox on disk, and the outbox's batches go to the cloud over the tentacle socket
 * while connected, each until acknowledged.
 */
export class StorePlayer {
  private timer: NodeJS.Timeout | undefined;
  /** Where the screen is: the time its next play starts and which file it is. */
  private cursor = Date.now();
  private next = 0;
  private sending = false;

  constructor(
    private readonly socket: Socket,
    private readonly state: FleetState,
    private readonly outbox: PlayOutbox,
    private readonly options: StorePlayerOptions,
  ) {
    socket.on('connect', () => void this.flush());
  }

  start(): void {
    this.cursor = Date.now();
    this.timer = setInterval(() => {
      this.advance(Date.now());
      void this.flush();
    }, this.options.reportIntervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  get stats(): SimulatedPlays {
    return this.outbox.stats;
  }

  /** Records the plays that ended by `now`. */
  advance(now: number): void {
    const { companyId, storeId, playMs } = this.options;
    const files = (this.state.mediaOf(companyId, storeId)?.media?.files ?? []).filter(
      (f) => f.mediaId,
    );
    if (files.length === 0 || now - this.cursor > MAX_CATCH_UP_PLAYS * playMs) {
      this.cursor = now;
      return;
    }
    const plays: Play[] = [];
    while (this.cursor + playMs <= now) {
      const file = files[this.next++ % files.length]!;
      plays.push({
        mediaId: file.mediaId!,
        file: file.filename,
        tag: file.tag,
        screen: SCREEN,
        startedAt: new Date(this.cursor).toISOString(),
        durationMs: playMs,
        ...(file.scheduleId ? { scheduleId: file.scheduleId } : {}),
      });
      this.cursor += playMs;
    }
    this.outbox.record(plays);
  }

  /** Sends the outbox's batches in order while connected; stops at the first not acknowledged. */
  async flush(): Promise<void> {
    if (this.sending || !this.socket.connected) return;
    this.sending = true;
    const { companyId, storeId, logger } = this.options;
    try {
      this.outbox.seal(PROOF_OF_PLAY_MAX_BATCH);
      for (let batch = this.outbox.nextBatch; batch; batch = this.outbox.nextBatch) {
        if (!this.socket.connected) return;
        const ack = proofOfPlayAckSchema.parse(
          await this.socket
            .timeout(ACK_TIMEOUT_MS)
            .emitWithAck(PROOF_OF_PLAY_SOCKET.playsEvent, batch),
        );
        if (!ack.ok) {
          logger.warn({ companyId, storeId }, 'play batch not taken; sent again later');
          return;
        }
        this.outbox.acknowledge(batch.batchId);
      }
    } catch (error) {
      logger.warn({ companyId, storeId }, `play batch not sent: ${(error as Error).message}`);
    } finally {
      this.sending = false;
    }
  }
}
