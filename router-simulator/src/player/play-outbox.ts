import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Play, ProofOfPlayBatch } from '@store-cloud/contracts';

/** What a store's outbox file holds: plays not yet acknowledged by the cloud, and its tallies. */
interface OutboxState {
  /** Plays recorded since the last batch was sealed. */
  open: Play[];
  /** Sealed batches, oldest first: each is sent with its id until the cloud acknowledges it. */
  batches: ProofOfPlayBatch[];
  recorded: number;
  acknowledged: number;
}

const empty = (): OutboxState => ({ open: [], batches: [], recorded: 0, acknowledged: 0 });

/**
 * A store's plays on its own disk (issue 32): kept across disconnects and restarts until the
 * cloud acknowledges their batch. Each change is written to a temporary file and renamed over
 * the last, so a crash leaves the old or the new state, never half of one. A batch keeps its id
 * when it is sent again, so the cloud counts it once.
 */
export class PlayOutbox {
  private state: OutboxState;

  constructor(private readonly file: string) {
    this.state = PlayOutbox.load(file);
  }

  private static load(file: string): OutboxState {
    try {
      return { ...empty(), ...(JSON.parse(fs.readFileSync(file, 'utf8')) as OutboxState) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty();
      throw error;
    }
  }

  record(plays: readonly Play[]): void {
    if (plays.length === 0) return;
    this.state.open.push(...plays);
    this.state.recorded += plays.length;
    this.save();
  }

  /** Turns the open plays into batches of at most `max`, each with a new id. */
  seal(max: number): void {
    if (this.state.open.length === 0) return;
    const open = this.state.open;
    for (let i = 0; i < open.length; i += max)
      this.state.batches.push({ batchId: randomUUID(), plays: open.slice(i, i + max) });
    this.state.open = [];
    this.save();
  }

  get nextBatch(): ProofOfPlayBatch | undefined {
    return this.state.batches[0];
  }

  acknowledge(batchId: string): void {
    const index = this.state.batches.findIndex((b) => b.batchId === batchId);
    if (index < 0) return;
    const [batch] = this.state.batches.splice(index, 1);
    this.state.acknowledged += batch!.plays.length;
    this.save();
  }

  get stats() {
    const { open, batches, recorded, acknowledged } = this.state;
    return {
      recorded,
      acknowledged,
      pendingPlays: open.length + batches.reduce((n, b) => n + b.plays.length, 0),
      pendingBatches: batches.length,
    };
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(this.state));
    fs.renameSync(temp, this.file);
  }
}
