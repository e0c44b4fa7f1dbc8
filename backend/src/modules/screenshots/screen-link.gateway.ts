import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  SCREENSHOT_SOCKET,
  type StoreScreenshotReply,
  type StoreScreenshotRequest,
  storeScreenshotReplySchema,
  TENTACLE,
  tentacleRoom,
  UPSTREAM,
} from '@store-cloud/contracts';
import type { Namespace, Socket } from 'socket.io';
import { parseUpstream } from '../../common/errors/upstream';
import { ConfigService } from '../../config/config.service';
import { ScreenshotError } from './screenshots.errors';

/**
 * Asks a store for a screenshot over its tentacle socket, with an acknowledgement and the relay's
 * timeout (RELAY_TIMEOUT_MS): directly when the store's socket is on this node, else through the
 * Redis adapter to its room, so the node holding it answers. No socket anywhere: offline; no
 * answer in time: timeout; an answer off its schema (or over the size limit): 502.
 */
@WebSocketGateway({ namespace: TENTACLE.namespace })
export class ScreenLinkGateway {
  @WebSocketServer() private readonly namespace!: Namespace;
  private readonly timeoutMs: number;

  constructor(config: ConfigService) {
    this.timeoutMs = config.get('relayTimeoutMs');
  }

  async screenshot(
    company: number,
    store: number,
    request: StoreScreenshotRequest,
  ): Promise<StoreScreenshotReply> {
    const reply = await this.call(company, store, request);
    return parseUpstream(UPSTREAM.store, storeScreenshotReplySchema, reply);
  }

  private async call(company: number, store: number, request: StoreScreenshotRequest) {
    const local = this.localSocket(company, store);
    if (local) {
      try {
        return (await local
          .timeout(this.timeoutMs)
          .emitWithAck(SCREENSHOT_SOCKET.requestEvent, request)) as unknown;
      } catch {
        throw ScreenshotError.storeTimeout();
      }
    }
    let replies: unknown[];
    try {
      replies = await this.namespace
        .to(tentacleRoom(company, store))
        .timeout(this.timeoutMs)
        .emitWithAck(SCREENSHOT_SOCKET.requestEvent, request);
    } catch {
      throw ScreenshotError.storeTimeout();
    }
    if (!replies.length) throw ScreenshotError.storeOffline();
    return replies[0];
  }

  private localSocket(company: number, store: number): Socket | undefined {
    const ids = this.namespace.adapter.rooms.get(tentacleRoom(company, store));
    for (const id of ids ?? []) {
      const socket = this.namespace.sockets.get(id);
      if (socket?.connected) return socket;
    }
    return undefined;
  }
}
