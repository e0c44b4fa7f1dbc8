import { Logger } from '@nestjs/common';
import { type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { LIVE_STATUS } from '@store-cloud/contracts';
import type { Namespace } from 'socket.io';
import { z } from 'zod';
import { AccessTokenService } from '../auth';
import { SessionCache } from '../sessions';
import { LIVE_ROOM, LiveStatusService } from './live-status.service';

const liveAuthSchema = z.object({ token: z.string().min(1).max(4096) });

/**
 * The portal's /live namespace: any signed-in, enabled user may listen. Users with access to all
 * companies hear store deltas (issue 30); the others' pushes carry no data, so what they see is
 * still decided by the HTTP calls they make.
 */
@WebSocketGateway({ namespace: LIVE_STATUS.namespace })
export class LiveStatusGateway implements OnGatewayInit {
  private readonly logger = new Logger(LiveStatusGateway.name);

  constructor(
    private readonly tokens: AccessTokenService,
    private readonly live: LiveStatusService,
    private readonly sessions: SessionCache,
  ) {}

  afterInit(namespace: Namespace) {
    this.live.attach(namespace);
    namespace.use((socket, next) => {
      const auth = liveAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(new Error('access token required'));
      this.tokens.verify(auth.data.token).then(
        (user) => {
          socket.data = { userId: user.id, sid: user.session?.id };
          // Store deltas only to a user who may see every store (an API token is narrowed).
          const all = user.access.all && !user.apiToken;
          void Promise.resolve(socket.join(all ? LIVE_ROOM.all : LIVE_ROOM.restricted)).then(() =>
            next(),
          );
        },
        () => next(new Error('access token refused')),
      );
    });
    // A session that ends (Logout, End, a raised token generation: issue 23) loses its socket
    // on every node: each node hears the note and drops its own sockets of it.
    this.sessions.onEnded((note) => {
      if (note === 'all') return;
      for (const socket of namespace.sockets.values()) {
        const data = socket.data as { userId?: string; sid?: string };
        if ('sid' in note ? data.sid === note.sid : data.userId === note.userId)
          socket.disconnect(true);
      }
    });
    this.logger.debug(`Live status pushes on ${LIVE_STATUS.namespace}`);
  }
}
