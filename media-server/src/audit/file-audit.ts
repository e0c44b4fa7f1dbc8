import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  MEDIA_FILE_AUDIT_API,
  MEDIA_FILE_CHANGES_MAX,
  type MediaFileChange,
  mediaFileChangeSchema,
  mediaFileChangesResultSchema,
} from '@store-cloud/contracts';
import type { Logger } from 'pino';
import { backendBody, callBackend } from '../auth/backend-call';

/** A completed file change as the router knows it; the outbox gives it its id and time. */
export type FileChange = Omit<MediaFileChange, 'id' | 'at'>;

/** Where the router reports completed file changes for the audit trail. */
export interface FileAudit {
  /** Resolves once the changes are safe (on disk); never throws: the change itself happened. */
  record(changes: FileChange[]): Promise<void>;
}

/** When the media server has no MEDIA_SERVICE_KEY or no backend: nothing is reported. */
export const NO_FILE_AUDIT: FileAudit = { record: async () => undefined };

/** Sends one batch to the backend; resolves only when the backend acknowledged all of it. */
export type SendChanges = (changes: MediaFileChange[]) => Promise<void>;

/** POST /portal/mediafilechanges with the media server's service key. */
export function backendReporter(
  backendUrl: string,
  serviceKey: string,
  timeoutMs = 10_000,
): SendChanges {
  const unavailable = 'The backend did not acknowledge the media file changes';
  return async (changes) => {
    const response = await callBackend({
      backendUrl,
      path: MEDIA_FILE_AUDIT_API.report,
      serviceKey,
      body: { changes },
      timeoutMs,
      unavailable,
    });
    await backendBody(response, mediaFileChangesResultSchema, unavailable);
  };
}

/**
 * The durable outbox of file changes (issue 17 point 1): a JSON-lines file. A change is
 * appended and fsync'd before the call that made it answers, then sent to the backend; the
 * lines the backend acknowledged are removed (the file with them once empty). What the backend
 * does not take now (down, restarting) stays and is sent again at start and every retryMs.
 * Each change carries its own id, so one sent again after a crash between the backend's
 * acknowledgement and the removal is recorded once. One batch is in flight at a time.
 */
export class FileAuditOutbox implements FileAudit {
  /** Serializes every write of the file (appends, rewrites). */
  private writing: Promise<unknown> = Promise.resolve();
  private sending: Promise<void> | undefined;
  private sendAgain = false;
  private backendDown = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly send: SendChanges,
    private readonly logger: Logger,
    private readonly retryMs: number,
  ) {}

  async record(changes: FileChange[]): Promise<void> {
    if (!changes.length) return;
    const at = new Date().toISOString();
    try {
      const lines = changes
        .map((change) => mediaFileChangeSchema.parse({ id: randomUUID(), at, ...change }))
        .map((change) => `${JSON.stringify(change)}\n`)
        .join('');
      await this.locked(() => this.append(lines));
    } catch (err) {
      this.logger.error({ err }, 'media file changes could not be kept for the audit trail');
      return;
    }
    void this.flush();
  }

  /** Sends what is waiting now, and again every retryMs until stop(). */
  start(): void {
    void this.flush();
    this.timer = setInterval(() => void this.flush(), this.retryMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Sends the waiting changes; a call while sending makes that run go on with the new ones. */
  flush(): Promise<void> {
    if (this.sending) {
      this.sendAgain = true;
      return this.sending;
    }
    this.sending = (async () => {
      let delivered: boolean;
      do {
        this.sendAgain = false;
        delivered = await this.deliver();
      } while (delivered && this.sendAgain);
    })().finally(() => {
      this.sending = undefined;
    });
    return this.sending;
  }

  /** The changes waiting in the file, oldest first (a line a crash cut short is skipped). */
  async waiting(): Promise<MediaFileChange[]> {
    const text = await fs.readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const changes: MediaFileChange[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        json = undefined;
      }
      const parsed = mediaFileChangeSchema.safeParse(json);
      if (parsed.success) changes.push(parsed.data);
      else this.logger.warn('skipped a damaged line of the audit outbox');
    }
    return changes;
  }

  /** Sends batches until the file is empty; false when the backend did not take one. */
  private async deliver(): Promise<boolean> {
    for (;;) {
      let batch: MediaFileChange[];
      try {
        batch = (await this.waiting()).slice(0, MEDIA_FILE_CHANGES_MAX);
      } catch (err) {
        this.logger.error({ err }, 'could not read the audit outbox');
        return false;
      }
      if (!batch.length) return true;
      try {
        await this.send(batch);
      } catch {
        if (!this.backendDown)
          this.logger.warn('the backend does not take media file changes now: kept to send again');
        this.backendDown = true;
        return false;
      }
      if (this.backendDown) this.logger.info('the backend takes media file changes again');
      this.backendDown = false;
      const sent = new Set(batch.map((c) => c.id));
      try {
        await this.locked(() => this.remove(sent));
      } catch (err) {
        this.logger.error({ err }, 'could not remove delivered changes from the audit outbox');
        return false;
      }
    }
  }

  private locked<T>(write: () => Promise<T>): Promise<T> {
    const result = this.writing.then(write);
    this.writing = result.catch(() => undefined);
    return result;
  }

  private async append(lines: string): Promise<void> {
    const handle = await fs.open(this.file, 'a+');
    let created = false;
    try {
      // A line a crash cut short (no newline) must not swallow the next one.
      const { size } = await handle.stat();
      created = size === 0;
      let prefix = '';
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) prefix = '\n';
      }
      await handle.appendFile(prefix + lines);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // A new file: its entry in the folder must be durable too.
    if (created) await syncDir(path.dirname(this.file));
  }

  /** Rewrites the file without the delivered changes (a rename, so a crash leaves one or the other). */
  private async remove(sent: Set<string>): Promise<void> {
    const rest = (await this.waiting()).filter((c) => !sent.has(c.id));
    if (!rest.length) {
      await fs.rm(this.file, { force: true });
    } else {
      const temp = `${this.file}.tmp`;
      const handle = await fs.open(temp, 'w');
      try {
        await handle.writeFile(rest.map((c) => `${JSON.stringify(c)}\n`).join(''));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, this.file);
    }
    await syncDir(path.dirname(this.file));
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
