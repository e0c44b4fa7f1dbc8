import { TENTACLE, type TentacleAuth } from '@store-cloud/contracts';
import type { Logger } from 'pino';
import { io, type Socket } from 'socket.io-client';

export interface StoreTentacleOptions {
  backendUrl: string;
  companyId: number;
  storeId: number;
  secret: string;
  tentacleVersion: string;
  pingIntervalMs: number;
  logger: Logger;
  /** Adds the store's handlers of cloud-to-store calls (the site API). */
  attach?: (socket: Socket) => void;
}

const BACKOFF = { minMs: 1000, maxMs: 30_000 } as const;

/**
 * One store's socket to the cloud's /tentacle namespace: pings with its version while
 * connected, and reconnects with growing, jittered delays when the cloud goes away (socket.io's
 * own backoff) or refuses the handshake (ours, as socket.io does not retry a refusal).
 */
export class StoreTentacle {
  private readonly socket: Socket;
  private pingTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private refusals = 0;
  private wanted = false;

  constructor(private readonly options: StoreTentacleOptions) {
    const auth: TentacleAuth = {
      company: options.companyId,
      store: options.storeId,
      secret: options.secret,
      tentacleVersion: options.tentacleVersion,
    };
    this.socket = io(`${options.backendUrl}${TENTACLE.namespace}`, {
      auth,
      autoConnect: false,
      forceNew: true,
      transports: ['websocket'],
      reconnectionDelay: BACKOFF.minMs,
      reconnectionDelayMax: BACKOFF.maxMs,
      randomizationFactor: 0.5,
    });
    options.attach?.(this.socket);
    this.socket.on('connect', () => {
      this.refusals = 0;
      this.ping();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(), options.pingIntervalMs);
    });
    this.socket.on('disconnect', () => clearInterval(this.pingTimer));
    this.socket.on('connect_error', (error) => {
      if (this.socket.active || !this.wanted) return;
      // Refused by the cloud: try again later, slower each time.
      const delay = Math.min(BACKOFF.maxMs, BACKOFF.minMs * 2 ** this.refusals++);
      options.logger.warn(
        { companyId: options.companyId, storeId: options.storeId, delay },
        `tentacle refused: ${error.message}`,
      );
      this.retryTimer = setTimeout(() => this.wanted && this.socket.connect(), delay);
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  connect(): void {
    this.wanted = true;
    if (!this.socket.active) this.socket.connect();
  }

  /** Closes the socket for real, so the cloud sees the store go away. */
  disconnect(): void {
    this.wanted = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.socket.disconnect();
  }

  private ping(): void {
    this.socket.emit(TENTACLE.pingEvent, { tentacleVersion: this.options.tentacleVersion });
  }
}
