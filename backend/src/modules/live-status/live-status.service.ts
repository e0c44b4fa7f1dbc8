import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LIVE_STATUS } from '@store-cloud/contracts';

/** Where a push goes: the /live namespace of this node's socket.io server, or a Redis emitter's. */
export interface LiveStatusTarget {
  emit(event: string, ...args: unknown[]): unknown;
}

/**
 * Tells every portal on every backend node (through the socket.io Redis adapter) that store
 * statuses or connections changed. A burst of changes (a fleet reconnecting) is one push per
 * LIVE_STATUS.throttleMs, the last change always included. On an API node it pushes through its
 * socket.io server; the worker process (no socket.io server) through the Redis emitter.
 */
@Injectable()
export class LiveStatusService implements OnModuleDestroy {
  private namespace?: LiveStatusTarget;
  private timer?: NodeJS.Timeout;
  private pending = false;
  /** Set on shutdown: sockets closing then would publish on Redis clients already closed. */
  private stopped = false;

  attach(namespace: LiveStatusTarget) {
    this.namespace = namespace;
  }

  changed() {
    if (this.stopped) return;
    if (this.timer) {
      this.pending = true;
      return;
    }
    this.push();
    this.timer = setTimeout(() => this.flush(), LIVE_STATUS.throttleMs);
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
    clearTimeout(this.timer);
  }

  private flush() {
    this.timer = undefined;
    if (!this.pending) return;
    this.pending = false;
    this.changed();
  }

  private push() {
    this.namespace?.emit(LIVE_STATUS.changedEvent);
  }
}
