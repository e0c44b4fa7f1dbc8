import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LIVE_STATUS, type LiveStoreDelta } from '@store-cloud/contracts';

/** Where a push goes: the /live namespace of this node's socket.io server, or a Redis emitter's. */
export interface LiveStatusTarget {
  emit(event: string, ...args: unknown[]): unknown;
  to(room: string): { emit(event: string, ...args: unknown[]): unknown };
}

/**
 * The rooms of /live: users with access to all companies get store deltas; the others (whose
 * stores the HTTP calls filter) only "look again", so no push tells them of a store they may not see.
 */
export const LIVE_ROOM = { all: 'all-companies', restricted: 'restricted' } as const;

const storeKey = (d: LiveStoreDelta) => `${d.companyId}:${d.storeId}`;

/**
 * Tells every portal on every backend node (through the socket.io Redis adapter) that store
 * statuses or connections changed. A burst of "look again" changes is one push per
 * LIVE_STATUS.throttleMs, the last change always included; store deltas are batched per
 * LIVE_STATUS.batchMs, the latest change of each store kept. On an API node it pushes through its
 * socket.io server; the worker process (no socket.io server) through the Redis emitter.
 */
@Injectable()
export class LiveStatusService implements OnModuleDestroy {
  private namespace?: LiveStatusTarget;
  private readonly everyone = throttled(() => this.namespace?.emit(LIVE_STATUS.changedEvent));
  private readonly restricted = throttled(() =>
    this.namespace?.to(LIVE_ROOM.restricted).emit(LIVE_STATUS.changedEvent),
  );
  private deltas = new Map<string, LiveStoreDelta>();
  private batchTimer?: NodeJS.Timeout;
  /** Set on shutdown: sockets closing then would publish on Redis clients already closed. */
  private stopped = false;

  attach(namespace: LiveStatusTarget) {
    this.namespace = namespace;
  }

  /** Something every portal should look at again (a portal connection opened or closed). */
  changed() {
    if (!this.stopped) this.everyone.call();
  }

  /** Stores came online or went offline: a delta for the all-companies room within batchMs. */
  storesChanged(deltas: readonly LiveStoreDelta[]) {
    if (this.stopped || !deltas.length) return;
    for (const d of deltas) this.deltas.set(storeKey(d), d);
    this.batchTimer ??= setTimeout(() => this.flushDeltas(), LIVE_STATUS.batchMs);
  }

  /** A message delivery started or changed (issue 17): the Sent Messages tab looks again. */
  deliveriesChanged() {
    if (this.stopped) return;
    this.namespace?.emit(LIVE_STATUS.deliveriesChangedEvent);
  }

  /** An incident of the company opened, resolved, was acknowledged or muted (issue 26). */
  incidentsChanged(companyId: number) {
    if (this.stopped) return;
    this.namespace?.emit(LIVE_STATUS.incidentsChangedEvent, { companyId });
  }

  onModuleDestroy() {
    this.stopped = true;
    this.everyone.stop();
    this.restricted.stop();
    clearTimeout(this.batchTimer);
  }

  private flushDeltas() {
    this.batchTimer = undefined;
    const batch = [...this.deltas.values()];
    this.deltas.clear();
    if (this.stopped || !batch.length || !this.namespace) return;
    this.namespace.to(LIVE_ROOM.all).emit(LIVE_STATUS.storesChangedEvent, batch);
    this.restricted.call();
  }
}

/** `push` at once, then at most once per LIVE_STATUS.throttleMs, the last call always pushed. */
function throttled(push: () => unknown) {
  let timer: NodeJS.Timeout | undefined;
  let pending = false;
  const call = () => {
    if (timer) {
      pending = true;
      return;
    }
    push();
    timer = setTimeout(() => {
      timer = undefined;
      if (!pending) return;
      pending = false;
      call();
    }, LIVE_STATUS.throttleMs);
  };
  return { call, stop: () => clearTimeout(timer) };
}
