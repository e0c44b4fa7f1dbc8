import { ERROR_CODE, MEDIA_SERVER_TEXT } from '@store-cloud/contracts';
import { ConflictError, HttpError } from '@store-cloud/node-kit';

/** An upload's hold on a slot (and, once its name is known, on that name). release is idempotent. */
export interface UploadReservation {
  /** Holds the file name for this upload, or throws 409 FILE_EXISTS if another upload holds it. */
  holdName(name: string): void;
  release(): void;
}

/**
 * The media file limit at upload (spec media §5): a company's pending, active and expired files
 * plus its uploads still under way must stay below its limit. The check and the reservation of a
 * slot run one at a time per company folder, so parallel uploads cannot pass the limit together.
 * The files are counted on disk each time (a few readdirs: exact whatever else changed them);
 * the limit may come from a kept answer, but a refusal is only given on a fresh one.
 *
 * The router releases a reservation when the response ends or the connection closes (whichever
 * comes first, also when that happened before the reservation was made) and again in the
 * upload's own finally, so no path (success, refusal, client abort, parse error, exception) can
 * keep a slot: after any mix of uploads the count is the files on disk.
 */
export class UploadSlots {
  private readonly running = new Map<string, number>();
  private readonly names = new Map<string, Set<string>>();
  private readonly queues = new Map<string, Promise<void>>();

  /** Uploads under way to the folder: what the limit check adds to the files on disk. */
  runningIn(folder: string): number {
    return this.running.get(folder) ?? 0;
  }

  /** Reserves a slot, or throws the limit refusal. */
  async reserve(
    folder: string,
    count: () => Promise<number>,
    limit: (fresh: boolean) => Promise<number>,
  ): Promise<UploadReservation> {
    const before = this.queues.get(folder) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const queued = before.then(() => mine);
    this.queues.set(folder, queued);
    await before;
    try {
      // Read the running uploads before the disk: one finishing meanwhile counts twice, never zero times.
      const running = this.runningIn(folder);
      const [files, kept] = await Promise.all([count(), limit(false)]);
      // A kept limit may be older than a raise: ask afresh before refusing.
      const max = files + running >= kept ? await limit(true) : kept;
      if (files + running >= max)
        throw new ConflictError(MEDIA_SERVER_TEXT.fileLimitReached(folder, files + running, max));
      // Counted up from the value now, not from the snapshot: uploads that ended during the
      // awaits above have already counted down (setting snapshot + 1 lost them: the leak of 14.2).
      this.running.set(folder, this.runningIn(folder) + 1);
    } finally {
      done();
      if (this.queues.get(folder) === queued) this.queues.delete(folder);
    }
    let released = false;
    let heldName: string | undefined;
    return {
      holdName: (name) => {
        if (released || heldName !== undefined) return;
        const held = this.names.get(folder) ?? new Set<string>();
        if (held.has(name))
          throw new HttpError(
            409,
            ERROR_CODE.fileExists,
            MEDIA_SERVER_TEXT.fileUploading(name, `${folder}/pending`),
          );
        held.add(name);
        this.names.set(folder, held);
        heldName = name;
      },
      release: () => {
        if (released) return;
        released = true;
        const left = this.runningIn(folder) - 1;
        if (left > 0) this.running.set(folder, left);
        else this.running.delete(folder);
        if (heldName === undefined) return;
        const held = this.names.get(folder);
        held?.delete(heldName);
        if (held?.size === 0) this.names.delete(folder);
      },
    };
  }
}
