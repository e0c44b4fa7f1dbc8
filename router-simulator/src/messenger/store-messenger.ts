import {
  LOG_LEVELS,
  type LogLevel,
  type MessageHistoryEntry,
  type SimulatedMessenger,
  type SiteMessage,
  STORE_MESSAGE_ID_MEMORY,
} from '@store-cloud/contracts';

/** The store's messenger keeps the latest messages it received (enough to see what arrived). */
const HISTORY_LIMIT = 200;
const INITIAL_LEVEL: LogLevel = 'Info';

export const isLogLevel = (text: string): text is LogLevel =>
  (LOG_LEVELS as readonly string[]).includes(text);

/**
 * The messenger of one simulated store (d=em): records the messages it received with the time
 * they arrived, and holds the log level with its period (reverting to the initial level after it).
 */
export class StoreMessenger {
  private readonly history: MessageHistoryEntry[] = [];
  /** The ids received, oldest first (a Map keeps insertion order), with their first receipt. */
  private readonly seen = new Map<string, MessageHistoryEntry>();
  private level: LogLevel = INITIAL_LEVEL;
  private until: Date | null = null;

  constructor(private readonly idMemory = STORE_MESSAGE_ID_MEMORY) {}

  /**
   * Applies a message once per id (issue 24): a repeated id (a resend, a held message sent again
   * after a crash) answers its first receipt and changes nothing. The latest idMemory ids are
   * remembered; an older one would be taken as new.
   */
  receive(
    message: SiteMessage,
    now = new Date(),
  ): { entry: MessageHistoryEntry; duplicate: boolean } {
    const known = this.seen.get(message.id);
    if (known) return { entry: known, duplicate: true };
    const entry = { receivedAt: now.toISOString(), message };
    this.seen.set(message.id, entry);
    if (this.seen.size > this.idMemory) this.seen.delete(this.seen.keys().next().value!);
    this.history.push(entry);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    return { entry, duplicate: false };
  }

  /** A period of minutes, or none for a permanent level. */
  setLogLevel(level: LogLevel, minutes: number | undefined, now = new Date()) {
    this.level = level;
    this.until = minutes ? new Date(now.getTime() + minutes * 60_000) : null;
    return this.logLevel(now);
  }

  logLevel(now = new Date()): SimulatedMessenger['logLevel'] {
    if (this.until && this.until <= now) {
      this.level = INITIAL_LEVEL;
      this.until = null;
    }
    return { level: this.level, until: this.until?.toISOString() ?? null };
  }

  view(now = new Date()): SimulatedMessenger {
    return { history: [...this.history], logLevel: this.logLevel(now) };
  }
}
