import {
  type Fleet,
  type SimulatedFleet,
  type SimulatedMedia,
  type SimulatedMessages,
  type SimulatedStoreState,
  type SqlBackupInstallation,
  type StoreMedia,
  simulatedSqlBackupInstallation,
  simulatedSqlBackupOutcomes,
} from '@store-cloud/contracts';
import { StoreMessenger } from '../messenger/store-messenger';

export const storeKey = (companyId: number, storeId: number) => `${companyId}/${storeId}`;

/**
 * The simulated fleet and which of its stores are online. Every store starts online; the
 * control API takes one offline to simulate a router that stops answering.
 */
export class FleetState {
  private readonly offline = new Set<string>();
  private readonly listeners: Array<(change: SimulatedStoreState) => void> = [];
  private readonly delays = new Map<string, number>();
  private readonly messages = new Map<string, SimulatedMessages>();
  private readonly messengers = new Map<string, StoreMessenger>();
  /** Each store of the fleet, with its place in it (which picks its simulated SQL backup outcomes). */
  private readonly ordinals = new Map<string, number>();
  private readonly sqlBackups = new Map<string, SqlBackupInstallation[]>();
  private readonly sqlBackupListeners: Array<(companyId: number, storeId: number) => void> = [];
  private readonly media = new Map<string, SimulatedMedia>();
  /** Stores told to refuse files new to them (issue 32: a schedule push that fails), and why. */
  private readonly mediaRefusals = new Map<string, string>();

  constructor(readonly fleet: Fleet) {
    let ordinal = 0;
    for (const company of fleet.companies)
      for (const store of company.stores)
        this.ordinals.set(storeKey(company.companyId, store.storeId), ordinal++);
  }

  private isKnown(key: string): boolean {
    return this.ordinals.has(key);
  }

  /** Called after every change of a store's online state (the tentacles follow it). */
  onChange(listener: (change: SimulatedStoreState) => void): void {
    this.listeners.push(listener);
  }

  get storeCount(): number {
    return this.ordinals.size;
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
    return this.isKnown(key) && !this.offline.has(key);
  }

  /** Undefined when the fleet has no such store. */
  setOnline(companyId: number, storeId: number, online: boolean): SimulatedStoreState | undefined {
    const key = storeKey(companyId, storeId);
    if (!this.isKnown(key)) return undefined;
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
    if (!this.isKnown(key)) return false;
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
    return this.isKnown(key) ? (this.messages.get(key) ?? []) : undefined;
  }

  /** The store's messenger (created on first use); undefined when the fleet has no such store. */
  messengerOf(companyId: number, storeId: number): StoreMessenger | undefined {
    const key = storeKey(companyId, storeId);
    if (!this.isKnown(key)) return undefined;
    let messenger = this.messengers.get(key);
    if (!messenger) this.messengers.set(key, (messenger = new StoreMessenger()));
    return messenger;
  }

  /**
   * The SQL backup installations the store reports: the ones the control API set, else the
   * simulated ones of its place in the fleet (runs dated shortly before `now`).
   */
  sqlBackupOf(
    companyId: number,
    storeId: number,
    now = new Date(),
  ): SqlBackupInstallation[] | undefined {
    const key = storeKey(companyId, storeId);
    const ordinal = this.ordinals.get(key);
    if (ordinal === undefined) return undefined;
    return (
      this.sqlBackups.get(key) ??
      simulatedSqlBackupOutcomes(ordinal).map((outcome, i) =>
        simulatedSqlBackupInstallation(companyId, storeId, i, outcome, now),
      )
    );
  }

  /** False when the fleet has no such store. Listeners (the store's reporter) hear of it. */
  setSqlBackup(
    companyId: number,
    storeId: number,
    installations: SqlBackupInstallation[],
  ): boolean {
    const key = storeKey(companyId, storeId);
    if (!this.isKnown(key)) return false;
    this.sqlBackups.set(key, installations);
    for (const listener of this.sqlBackupListeners) listener(companyId, storeId);
    return true;
  }

  onSqlBackupChange(listener: (companyId: number, storeId: number) => void): void {
    this.sqlBackupListeners.push(listener);
  }

  /** The active media the store last fetched from the cloud. */
  mediaOf(companyId: number, storeId: number): SimulatedMedia | undefined {
    const key = storeKey(companyId, storeId);
    if (!this.isKnown(key)) return undefined;
    return this.media.get(key) ?? { fetchedAt: null, media: null };
  }

  setMedia(companyId: number, storeId: number, media: StoreMedia, now = new Date()): void {
    const key = storeKey(companyId, storeId);
    if (this.isKnown(key)) this.media.set(key, { fetchedAt: now.toISOString(), media });
  }

  /** Why the store refuses files new to it; undefined: it takes them. */
  mediaRefusalOf(companyId: number, storeId: number): string | undefined {
    return this.mediaRefusals.get(storeKey(companyId, storeId));
  }

  setMediaRefusal(companyId: number, storeId: number, reason: string | null): boolean {
    const key = storeKey(companyId, storeId);
    if (!this.isKnown(key)) return false;
    if (reason) this.mediaRefusals.set(key, reason);
    else this.mediaRefusals.delete(key);
    return true;
  }
}
