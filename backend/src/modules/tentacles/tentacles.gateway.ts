import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { TENTACLE, tentacleAuthSchema, tentacleRoom } from '@store-cloud/contracts';
import type { Namespace, Socket } from 'socket.io';
import { ConfigService } from '../../config/config.service';
import { LiveStatusService } from '../live-status';
import { Clock } from '../../common/clock/clock';
import { pingVersion } from './ping-body';
import { StorePingListRepository } from './store-ping-list.repository';
import { isTentacleSecretValid } from './tentacle-secret';
import { BACKEND_METRICS } from '../../common/metrics/backend-metrics';

/** What the handshake check puts on a store's socket, for every gateway of the namespace. */
export interface TentacleData {
  company: number;
  store: number;
  tentacleVersion: string;
}

/** A failing ping write is logged at most this often. */
const PING_WARN_EVERY_MS = 10_000;

const UNAUTHORISED = 'tentacle authentication failed';

/**
 * Disconnect reasons that mean this backend node is going away, not the store: the store then
 * reconnects to a node that is up, so its entry stays.
 */
const NODE_SIDE_REASONS: readonly string[] = [
  'server shutting down',
  'server namespace disconnect',
];

/**
 * What socket.io keeps of the handshake is of no use once a store is in (socket.data has what
 * counts), and with 20,000 stores on a node it adds up (issue 15): the upgrade request with its
 * headers, and the auth with the store's secret.
 */
function forgetHandshake(socket: Socket) {
  (socket.conn as { request: unknown }).request = null;
  socket.handshake.headers = {};
  socket.handshake.auth = {};
}

/**
 * The /tentacle namespace: one socket per store (DESIGN §2.1). A store that fails the
 * handshake check never reaches the namespace; one that passes joins its store room (so a
 * relayed call finds it on any node through the Redis adapter) and counts as online.
 */
@WebSocketGateway({ namespace: TENTACLE.namespace })
export class TentaclesGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(TentaclesGateway.name);
  private namespace?: Namespace;
  private pingWarnedAt = 0;

  constructor(
    private readonly config: ConfigService,
    private readonly pingList: StorePingListRepository,
    private readonly clock: Clock,
    private readonly live: LiveStatusService,
  ) {}

  afterInit(namespace: Namespace) {
    this.namespace = namespace;
    const secret = this.config.get('tentacleSecret');
    namespace.use((socket, next) => {
      const auth = tentacleAuthSchema.safeParse(socket.handshake.auth);
      if (
        !auth.success ||
        !isTentacleSecretValid(secret, auth.data.company, auth.data.store, auth.data.secret)
      ) {
        // No detail: the client learns only that it was refused.
        return next(new Error(UNAUTHORISED));
      }
      const data: TentacleData = {
        company: auth.data.company,
        store: auth.data.store,
        tentacleVersion: auth.data.tentacleVersion ?? '',
      };
      socket.data = data;
      next();
    });
  }

  async handleConnection(socket: Socket) {
    const { company, store, tentacleVersion } = socket.data as TentacleData;
    forgetHandshake(socket);
    socket.on(TENTACLE.pingEvent, (body: unknown, ack?: unknown) =>
      this.ping(company, store, body, typeof ack === 'function' ? (ack as Ack) : undefined),
    );
    await socket.join(tentacleRoom(company, store));
    socket.once('disconnect', (reason) => {
      if (!NODE_SIDE_REASONS.includes(reason)) void this.dropIfGone(company, store);
    });
    try {
      const now = this.clock.now();
      if (await this.pingList.recordPing(company, store, tentacleVersion, now, { soon: true })) {
        this.live.storesChanged([online(company, store, tentacleVersion, now)]);
      }
    } catch (error) {
      this.logger.warn(`Could not record store ${company}/${store}: ${(error as Error).message}`);
    }
  }

  /**
   * A store that closed its socket is offline at once instead of after its missed pings, unless
   * it already has another socket (a reconnect on any node); an entry a newer ping rewrote stays.
   */
  private async dropIfGone(company: number, store: number) {
    try {
      await this.pingList.flushPending();
      const before = await this.pingList.getRaw(company, store);
      if (!before || !this.namespace) return;
      const sockets = await this.namespace.in(tentacleRoom(company, store)).fetchSockets();
      if (sockets.length > 0) return;
      if (await this.pingList.applyChanges([{ op: 'del', ...before }]))
        this.live.storesChanged([{ companyId: company, storeId: store, online: false }]);
    } catch (error) {
      // The missed-ping check drops it later.
      this.logger.warn(`Could not drop store ${company}/${store}: ${(error as Error).message}`);
    }
  }

  /**
   * A ping, on a plain listener rather than Nest's message handler: at 20,000 stores that is
   * some 4,000 a second, and Nest's per-message context (guards, pipes, filters, rxjs) cost more
   * than the ping itself (issue 15). The store learns from the acknowledgement whether it counted.
   * No promise on the way (issue 31: each one runs the request log's async hooks), and the
   * answers are shared objects.
   */
  private ping(company: number, store: number, body: unknown, ack: Ack | undefined) {
    const started = performance.now();
    const version = pingVersion(body);
    if (version === undefined) return acknowledge(ack, started, REFUSED);
    // A store dropped for missed pings that pings again is back online.
    const now = this.clock.now();
    this.pingList.recordPingThen(company, store, version, now, false, (error, added) => {
      if (error) {
        this.warnPingFailed(company, store, error);
        return acknowledge(ack, started, REFUSED);
      }
      if (added) this.live.storesChanged([online(company, store, version, now)]);
      acknowledge(ack, started, RECORDED);
    });
  }

  /** Once per PING_WARN_EVERY_MS: with Redis away every store's ping fails. */
  private warnPingFailed(company: number, store: number, error: unknown) {
    const now = this.clock.now().getTime();
    if (now - this.pingWarnedAt < PING_WARN_EVERY_MS) return;
    this.pingWarnedAt = now;
    this.logger.warn(
      `Could not record pings (store ${company}/${store}): ${(error as Error).message}`,
    );
  }
}

type Ack = (reply: unknown) => void;
const RECORDED: Readonly<{ ok: boolean }> = Object.freeze({ ok: true });
const REFUSED: Readonly<{ ok: boolean }> = Object.freeze({ ok: false });
const PINGS_RECORDED = BACKEND_METRICS.pings.labels('ok');
const PINGS_REFUSED = BACKEND_METRICS.pings.labels('refused');

function acknowledge(ack: Ack | undefined, started: number, reply: typeof RECORDED) {
  ack?.(reply);
  BACKEND_METRICS.pingAck.observe((performance.now() - started) / 1000);
  (reply.ok ? PINGS_RECORDED : PINGS_REFUSED).inc();
}

/** A store's live delta on coming (back) online (issue 30). */
const online = (companyId: number, storeId: number, tentacleVersion: string, at: Date) => ({
  companyId,
  storeId,
  online: true,
  tentacleVersion,
  datetime: at.toISOString(),
});
