import {
  type FleetStore,
  SCREENSHOT_SOCKET,
  type StoreScreenshotReply,
  storeScreenshotRequestSchema,
} from '@store-cloud/contracts';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io-client';
import type { FleetState } from '../fleet/fleet-state';
import { renderScreen, showingAt } from './screen-render';

type Ack = (reply: StoreScreenshotReply) => void;

/** The store's answer to one screenshot request: what the screen shows now, drawn by sharp. */
export async function takeScreenshot(
  companyId: number,
  store: FleetStore,
  state: FleetState,
  payload: unknown,
  at = new Date(),
): Promise<StoreScreenshotReply> {
  const request = storeScreenshotRequestSchema.safeParse(payload);
  if (!request.success) return { ok: false, reason: 'Bad screenshot request' };
  const { screen, maxBytes } = request.data;
  const showing = showingAt(state.mediaOf(companyId, store.storeId)?.media, at);
  const view = {
    companyId,
    storeId: store.storeId,
    storeName: store.storeName,
    screen,
    showing,
    at,
  };
  const rendered = await renderScreen(view, maxBytes);
  if (!rendered) return { ok: false, reason: `No image fits in ${maxBytes} bytes` };
  return {
    ok: true,
    contentType: rendered.contentType,
    image: rendered.image.toString('base64'),
    width: rendered.width,
    height: rendered.height,
    takenAt: at.toISOString(),
    showing,
  };
}

/**
 * Answers the cloud's screenshot requests on the store's tentacle socket, after the store's
 * delay (the control API's slow store, as for relayed calls).
 */
export function attachScreenshots(
  socket: Socket,
  companyId: number,
  store: FleetStore,
  state: FleetState,
  logger: Logger,
): void {
  socket.on(SCREENSHOT_SOCKET.requestEvent, (payload: unknown, ack?: Ack) => {
    if (typeof ack !== 'function') return;
    const send = () =>
      takeScreenshot(companyId, store, state, payload).then(ack, (error: Error) => {
        logger.warn({ companyId, storeId: store.storeId }, `screenshot failed: ${error.message}`);
        ack({ ok: false, reason: 'The screen could not be captured' });
      });
    const delay = state.delayOf(companyId, store.storeId);
    if (delay > 0) setTimeout(() => void send(), delay);
    else void send();
  });
}
