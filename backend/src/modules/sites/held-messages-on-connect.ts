import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type SiteReply, type SiteRequest, storeKey } from '@store-cloud/contracts';
import type { Socket } from 'socket.io';
import { MessageQueueService } from './message-queue.service';
import { OutboxRepository } from './outbox.repository';

/** How long a connecting store waits for others to share its outbox query. */
export const CONNECT_BATCH_MS = 150;
/** A batch this large is asked at once (a fleet reconnecting after a node restart). */
export const CONNECT_BATCH_MAX = 250;

interface Connected {
  company: number;
  store: number;
  socket: Socket;
  /** Calls the store over this socket. */
  send: (request: SiteRequest) => Promise<SiteReply>;
}

/**
 * Delivers the messages held for stores that just connected, with one outbox query per batch of
 * connecting stores instead of one per store (issue 15: 20,000 stores reconnecting made 20,000
 * full scans on FerretDB). The outbox stays the only truth: a batch lost with its node (kill -9)
 * costs nothing, as its stores reconnect elsewhere and the sweep catches the rest.
 */
@Injectable()
export class HeldMessagesOnConnect implements OnApplicationShutdown {
  private readonly logger = new Logger(HeldMessagesOnConnect.name);
  private pending = new Map<string, Connected>();
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly queue: MessageQueueService,
  ) {}

  /** Queues a store that just connected. */
  add(connected: Connected) {
    if (this.stopped) return;
    // A store that reconnects within the batch counts once, with its newest socket.
    this.pending.set(storeKey(connected.company, connected.store), connected);
    if (this.pending.size >= CONNECT_BATCH_MAX) return this.flush();
    this.timer ??= setTimeout(() => this.flush(), CONNECT_BATCH_MS);
  }

  onApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.pending.clear();
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    void this.deliver(batch);
  }

  private async deliver(batch: Map<string, Connected>) {
    let held: Array<{ company: number; store: number }>;
    try {
      held = await this.outbox.storesWithOpenAmong([...batch.values()]);
    } catch (error) {
      // The sweep delivers them later.
      this.logger.warn(
        `Held messages of ${batch.size} connecting store(s): ${(error as Error).message}`,
      );
      return;
    }
    await Promise.all(
      held.map(async ({ company, store }) => {
        const { socket, send } = batch.get(storeKey(company, store))!;
        if (!socket.connected) return;
        try {
          await this.queue.deliver(company, store, send);
        } catch (error) {
          this.logger.warn(`Queued messages for ${company}/${store}: ${(error as Error).message}`);
        }
      }),
    );
  }
}
