import { SITE_SOCKET, type SiteRequest, TENTACLE } from '@store-cloud/contracts';
import { io, type Socket } from 'socket.io-client';
import { deriveTentacleSecret } from '../src/modules/tentacles/tentacle-secret';
import { TEST_TENTACLE_SECRET } from './create-app';

/** A socket.io client as the tests open them: websocket only, its own connection, no retries. */
export function openSocket(url: string, auth: object): Socket {
  return io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
}

/** A store's tentacle socket to a backend, with the secret derived for it unless one is given. */
export function openTentacle(
  baseUrl: string,
  store: { company: number; store: number; tentacleVersion: string; secret?: string },
): Socket {
  return openSocket(`${baseUrl}${TENTACLE.namespace}`, {
    company: store.company,
    store: store.store,
    secret: store.secret ?? deriveTentacleSecret(TEST_TENTACLE_SECRET, store.company, store.store),
    tentacleVersion: store.tentacleVersion,
  });
}

/** Resolves once the socket connects; rejects with the server's refusal. */
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/**
 * A store's tentacle that answers site logins (`login`: whether the credentials are right) and
 * relayed requests (`request`: the store's answer) as a test says; resolves once connected.
 */
export async function openAnsweringStore(
  baseUrl: string,
  store: { company: number; store: number; tentacleVersion: string },
  answers: {
    login: (creds: { username: string; password: string }) => boolean;
    request: (req: SiteRequest) => { status: number; body: unknown };
  },
): Promise<Socket> {
  const socket = openTentacle(baseUrl, store);
  socket.on(
    SITE_SOCKET.loginEvent,
    (creds: { username: string; password: string }, ack: (r: unknown) => void) =>
      ack({ success: answers.login(creds) }),
  );
  socket.on(SITE_SOCKET.requestEvent, (req: SiteRequest, ack: (r: unknown) => void) =>
    ack(answers.request(req)),
  );
  await connected(socket);
  return socket;
}
