import {
  MEDIA_APPLIED_SOCKET,
  type MediaApplied,
  mediaAppliedAckSchema,
  type StoreMedia,
} from '@store-cloud/contracts';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io-client';
import type { FleetState } from '../fleet/fleet-state';

const ACK_TIMEOUT_MS = 10_000;
/**
 * An unchanged answer is sent again this often: a store may take a move before the cloud has
 * recorded the push as delivered to it, and would otherwise never answer that push.
 */
const REANSWER_MS = 60_000;
const keyOf = (f: { tag: string; filename: string }) => `${f.tag}/${f.filename}`;

/**
 * How a store takes the active media it fetched (issue 32 item 4): it keeps them for its screen
 * (files new to it refused while the control API says so, with that reason) and answers the
 * cloud over its socket with what it shows and what it refused, whenever that changed, so the
 * cloud can mark a schedule push acknowledged or failed at this store.
 */
export class MediaAnswer {
  /** The last answer the cloud acknowledged (cleared on reconnect: answered again). */
  private answered: string | undefined;
  private answeredAt = 0;

  constructor(
    private readonly socket: Socket,
    private readonly state: FleetState,
    private readonly store: { companyId: number; storeId: number; logger: Logger },
  ) {
    socket.on('connect', () => (this.answered = undefined));
  }

  /** Keeps the media for the screen at once; the answer goes out on its own. */
  take(media: StoreMedia): void {
    const { companyId, storeId } = this.store;
    const refusal = this.state.mediaRefusalOf(companyId, storeId);
    const had = new Set((this.state.mediaOf(companyId, storeId)?.media?.files ?? []).map(keyOf));
    const isNew = (f: { tag: string; filename: string }) => !had.has(keyOf(f));
    const taken = refusal ? media.files.filter((f) => !isNew(f)) : media.files;
    this.state.setMedia(companyId, storeId, { ...media, files: taken });
    void this.answer({
      files: taken.map((f) => ({ tag: f.tag, file: f.filename })),
      failed: refusal
        ? media.files.filter(isNew).map((f) => ({ tag: f.tag, file: f.filename, reason: refusal }))
        : [],
    });
  }

  private async answer(answer: MediaApplied): Promise<void> {
    const { companyId, storeId, logger } = this.store;
    const text = JSON.stringify(answer);
    const fresh = Date.now() - this.answeredAt < REANSWER_MS;
    if ((text === this.answered && fresh) || !this.socket.connected) return;
    try {
      const ack = mediaAppliedAckSchema.parse(
        await this.socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck(MEDIA_APPLIED_SOCKET.appliedEvent, answer),
      );
      if (ack.ok) {
        this.answered = text;
        this.answeredAt = Date.now();
      }
    } catch (error) {
      logger.warn({ companyId, storeId }, `media answer not sent: ${(error as Error).message}`);
    }
  }
}
