import type {
  Fleet,
  SimulatedFleet,
  SimulatedMessages,
  SimulatedStoreState,
} from '@store-cloud/contracts';

const storeKey = (companyId: number, storeId: number) => `${companyId}/${storeId}`;

/**
 * The simulated fleet and which of its stores are online. Every store starts online; the
 * control API takes one offline to simulate a router that stops answering.
 */
export class FleetState {
  private readonly offline = new Set<string>();
  private readonly listeners: Array<(change: SimulatedStoreState) => void> = [];
  private readonly known: Set<string>;
  private readonly delays = new Map<string, number>();
  private readonly messages = new Map<string, SimulatedMessages>();

  constructor(readonly fleet: Fleet) {
    this.known = new Set(
      fleet.companies.flatMap((c) => c.stores.map((s) => storeKey(c.companyId, s.storeId))),
    );
  }

  /** Called after every change of a store's online state (the tentacles follow it). */
  onChange(listener: (change: SimulatedStoreState) => void): void {
    this.listeners.push(listener);
  }

  get storeCount(): number {
    return this.known.size;
  }

  get companyCount(): number {
    return this.fleet.companies.length;
  }

  /** The fleet as the control API shows it. Site credentials are left out on purpose. */
  view(): SimulatedFleet {
    return {
      companies: this.fleet.companies.map(({ companyId, companyName, stores }) => ({
        companyId,
        companyName,
        // Fields picked one by one, so a secret added to the fixture later stays out by default.
        stores: stores.map((store) => ({
          storeId: store.storeId,
          storeName: store.storeName,
          isActive: store.isActive,
          versions: store.versions,
          poleSignBrand: store.poleSignBrand,
          workstations: store.workstations,
          online: this.isOnline(companyId, store.storeId),
        })),
      })),
    };
  }

  isOnline(companyId: number, storeId: number): boolean {
    const key = storeKey(companyId, storeId);
    return this.known.has(key) && !this.offline.has(key);
  }

  /** Undefined when the fleet has no such store. */
  setOnline(companyId: number, storeId: number, online: boolean): SimulatedStoreState | undefined {
    const key = storeKey(companyId, storeId);
    if (!this.known.has(key)) return undefined;
    if (online) this.offline.delete(key);
    else this.offline.add(key);
    const state = { companyId, storeId, online };
    for (const listener of this.listeners) listener(state);
    return state;
  }

  /** How long the store waits before answering a relayed call (to test the cloud's timeout). */
  delayOf(companyId: number, storeId: number): number {
    return this.delays.get(storeKey(companyId, storeId)) ?? 0;
  }

  /** False when the fleet has no such store. */
  setDelay(companyId: number, storeId: number, delayMs: number): boolean {
    const key = storeKey(companyId, storeId);
    if (!this.known.has(key)) return false;
    this.delays.set(key, delayMs);
    return true;
  }

  recordMessage(companyId: number, storeId: number, message: SimulatedMessages[number]): void {
    const key = storeKey(companyId, storeId);
    const list = this.messages.get(key) ?? [];
    // The latest 100 are enough to see what was delivered.
    this.messages.set(key, [...list, message].slice(-100));
  }

  messagesOf(companyId: number, storeId: number): SimulatedMessages | undefined {
    const key = storeKey(companyId, storeId);
    return this.known.has(key) ? (this.messages.get(key) ?? []) : undefined;
  }
}
