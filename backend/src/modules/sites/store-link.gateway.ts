import { type OnGatewayConnection, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  SITE_SOCKET,
  type SiteReply,
  type SiteRequest,
  siteLoginReplySchema,
  siteReplySchema,
  TENTACLE,
  tentacleRoom,
  UPSTREAM,
} from '@store-cloud/contracts';
import { currentTraceCarrier } from '@store-cloud/node-kit';
import type { Namespace, Socket } from 'socket.io';
import { parseUpstream } from '../../common/errors/upstream';
import { ConfigService } from '../../config/config.service';
import type { TentacleData } from '../tentacles';
import { HeldMessagesOnConnect } from './held-messages-on-connect';
import { SiteError } from './sites.errors';

/**
 * Calls to a store over its tentacle socket, with an acknowledgement and a timeout: a store with
 * no socket on any node is SiteError.storeOffline, one that did not acknowledge in time
 * SiteError.storeTimeout, an answer off its schema UPSTREAM_INVALID (502). When the
 * store's socket is on this node the call goes to it directly; otherwise the room broadcast
 * goes through the Redis adapter, so the node holding the socket answers, whichever node took
 * the call. When a store connects, the messages held for it are delivered.
 */
@WebSocketGateway({ namespace: TENTACLE.namespace })
export class StoreLinkGateway implements OnGatewayConnection {
  @WebSocketServer() private readonly namespace!: Namespace;
  private readonly timeoutMs: number;

  constructor(
    config: ConfigService,
    private readonly heldOnConnect: HeldMessagesOnConnect,
  ) {
    this.timeoutMs = config.get('relayTimeoutMs');
  }

  async request(company: number, store: number, request: SiteRequest): Promise<SiteReply> {
    const reply = await this.call(company, store, SITE_SOCKET.requestEvent, request);
    return parseUpstream(UPSTREAM.store, siteReplySchema, reply);
  }

  async login(company: number, store: number, username: string, password: string) {
    const reply = await this.call(company, store, SITE_SOCKET.loginEvent, { username, password });
    return parseUpstream(UPSTREAM.store, siteLoginReplySchema, reply).success;
  }

  handleConnection(socket: Socket) {
    const { company, store } = socket.data as TentacleData;
    // Batched with other connecting stores into one outbox query, which also lets the store set
    // up its listeners after the reply to the handshake.
    this.heldOnConnect.add({
      company,
      store,
      socket,
      send: (request) => this.callSocket(socket, company, store, request),
    });
  }

  private async callSocket(
    socket: Socket,
    company: number,
    store: number,
    request: SiteRequest,
  ): Promise<SiteReply> {
    if (!socket.connected) throw SiteError.storeOffline(company, store);
    try {
      const reply: unknown = await socket
        .timeout(this.timeoutMs)
        .emitWithAck(SITE_SOCKET.requestEvent, traced(request));
      return parseUpstream(UPSTREAM.store, siteReplySchema, reply);
    } catch (error) {
      if (error instanceof Error && /timed out/.test(error.message))
        throw SiteError.storeTimeout(company, store);
      throw error;
    }
  }

  /**
   * Whether the store has a socket on any node: the online list may still name a store whose
   * node died before its socket came back (a held message sent then only counts an attempt).
   */
  async isReachable(company: number, store: number): Promise<boolean> {
    if (this.localSocket(company, store)) return true;
    return (await this.namespace.in(tentacleRoom(company, store)).fetchSockets()).length > 0;
  }

  /** The store's connected socket when it is on this node (the adapter's local rooms). */
  private localSocket(company: number, store: number): Socket | undefined {
    const ids = this.namespace.adapter.rooms.get(tentacleRoom(company, store));
    if (!ids) return undefined;
    for (const id of ids) {
      const socket = this.namespace.sockets.get(id);
      if (socket?.connected) return socket;
    }
    return undefined;
  }

  private async call(company: number, store: number, event: string, untraced: object) {
    const payload = traced(untraced);
    // The fast path: no broadcast, and no acknowledgement counting across nodes over Redis.
    const local = this.localSocket(company, store);
    if (local) {
      try {
        return (await local.timeout(this.timeoutMs).emitWithAck(event, payload)) as unknown;
      } catch {
        throw SiteError.storeTimeout(company, store);
      }
    }
    let replies: unknown[];
    try {
      replies = await this.namespace
        .to(tentacleRoom(company, store))
        .timeout(this.timeoutMs)
        .emitWithAck(event, payload);
    } catch {
      // socket.io rejects a broadcast whose acknowledgements did not all arrive in time.
      throw SiteError.storeTimeout(company, store);
    }
    if (!replies.length) throw SiteError.storeOffline(company, store);
    return replies[0];
  }
}

/** The payload with the active trace context (the store continues the trace), when tracing is on. */
function traced<T extends object>(payload: T): T {
  const trace = currentTraceCarrier();
  return trace ? { ...payload, trace } : payload;
}
