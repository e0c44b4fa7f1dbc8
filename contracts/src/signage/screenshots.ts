import { z } from 'zod';
import { wholeNumberSchema } from '../schemas/common.schema';
import { SITE_ERROR_CODE } from '../schemas/site.schema';

/**
 * Screens seen from the portal (issue 32 item 3): the portal asks a store for a screenshot of
 * one of its screens over the store's tentacle socket; the cloud keeps the latest per store and
 * screen, and the store page and the media preview show it with the time it was taken.
 */
export const SCREENSHOT_SOCKET = {
  /** Cloud to store: a StoreScreenshotRequest; the acknowledgement is a StoreScreenshotReply. */
  requestEvent: 'screen:screenshot',
} as const;

export const SCREENSHOT_API = {
  /** POST {companyId, storeId, screen}: ask the store now; answers the Screenshot kept. */
  take: '/portal/screenshots',
  /** GET ?companyId&storeId&screen: the latest kept ({screenshot: null} when none yet). */
  latest: '/portal/screenshots/latest',
} as const;

/** The screen a store has when it names none (one per store is the common case; the simulator's player names it so too). */
export const DEFAULT_SCREEN = 'Screen 1';
/** The largest image the cloud keeps (bytes of the JPEG or PNG, before base64). */
export const SCREENSHOT_MAX_BYTES = 512 * 1024;
/** base64 of SCREENSHOT_MAX_BYTES bytes. */
const MAX_BASE64 = Math.ceil(SCREENSHOT_MAX_BYTES / 3) * 4;

export const SCREENSHOT_TYPES = ['image/jpeg', 'image/png'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];

/** A screen's name as the store calls it (proof of play names screens the same way). */
export const screenNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w .-]+$/, 'letters, digits, spaces, dots, dashes and underscores only');

const storeRef = {
  companyId: wholeNumberSchema.pipe(z.number().positive()),
  storeId: wholeNumberSchema.pipe(z.number().positive()),
  screen: screenNameSchema.default(DEFAULT_SCREEN),
};

/** POST SCREENSHOT_API.take. */
export const takeScreenshotSchema = z.object({ ...storeRef });
export type TakeScreenshot = z.input<typeof takeScreenshotSchema>;
/** GET SCREENSHOT_API.latest. */
export const latestScreenshotQuerySchema = z.object({ ...storeRef });

/** What the cloud sends the store. */
export const storeScreenshotRequestSchema = z.object({
  screen: screenNameSchema,
  /** The store sends nothing larger (it lowers its quality or size to fit). */
  maxBytes: z.number().int().positive(),
});
export type StoreScreenshotRequest = z.infer<typeof storeScreenshotRequestSchema>;

/** The store's acknowledgement: the image in base64, or why it has none. */
export const storeScreenshotReplySchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    contentType: z.enum(SCREENSHOT_TYPES),
    image: z.base64().min(4).max(MAX_BASE64),
    width: z.number().int().positive().max(10_000),
    height: z.number().int().positive().max(10_000),
    takenAt: z.iso.datetime({ offset: true }),
    /** What the screen was showing (a file name), when it showed anything. */
    showing: z.string().max(300).nullable(),
  }),
  z.object({ ok: z.literal(false), reason: z.string().max(300) }),
]);
export type StoreScreenshotReply = z.infer<typeof storeScreenshotReplySchema>;

/** A screenshot the cloud keeps: the image as a data URL, ready for an <img>. */
export const screenshotSchema = z.object({
  companyId: z.number().int(),
  storeId: z.number().int(),
  screen: z.string(),
  takenAt: z.string(),
  /** When the cloud received it (the store's clock may be off). */
  receivedAt: z.string(),
  showing: z.string().nullable(),
  contentType: z.enum(SCREENSHOT_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  image: z.string().regex(/^data:image\/(jpeg|png);base64,/),
  /** Who asked for it. */
  takenBy: z.string(),
});
export type Screenshot = z.infer<typeof screenshotSchema>;

export const latestScreenshotSchema = z.object({ screenshot: screenshotSchema.nullable() });
export type LatestScreenshot = z.infer<typeof latestScreenshotSchema>;

/** What people read about screenshots. */
export const SCREENSHOT_TEXT = {
  title: 'Screen',
  take: 'Take screenshot',
  taking: 'Taking screenshot…',
  loading: 'Loading the latest screenshot',
  none: 'No screenshot yet',
  failedToLoad: 'Failed to get the latest screenshot',
  takenAt: (when: string) => `Taken at ${when}`,
  showing: (file: string) => `Showing ${file}`,
  showingNothing: 'Showing nothing',
  alt: (screen: string) => `Screenshot of screen ${screen}`,
  toastTitle: 'Screenshot',
  offline: 'The store is offline: a screenshot needs it online',
  timeout: 'The store did not answer in time: try again shortly',
  failed: 'The store could not take a screenshot',
  refused: (reason: string) => `The store could not take a screenshot: ${reason}`,
  taken: 'Screenshot taken',
} as const;

/** The toast text of a failed take, by the error body's code. */
export const screenshotFailureText = (code: string | undefined): string =>
  code === SITE_ERROR_CODE.storeOffline
    ? SCREENSHOT_TEXT.offline
    : code === SITE_ERROR_CODE.storeTimeout
      ? SCREENSHOT_TEXT.timeout
      : SCREENSHOT_TEXT.failed;
