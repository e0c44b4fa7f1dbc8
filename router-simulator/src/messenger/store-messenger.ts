import {
  LOG_LEVELS,
  type LogLevel,
  type MessageHistoryEntry,
  type SimulatedMessenger,
  type SiteMessage,
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
  private level: LogLevel = INITIAL_LEVEL;
  private until: Date | null = null;

  receive(message: SiteMessage, now = new Date()): MessageHistoryEntry {
    const entry = { receivedAt: now.toISOString(), message };
    this.history.push(entry);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    return entry;
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
