import type { ScreenshotType, StoreMedia } from '@store-cloud/contracts';
import sharp from 'sharp';

/** The simulated screens' size: what a store's 1080p screen looks like at half size. */
export const SCREEN_SIZE = { width: 960, height: 540 } as const;
/** How long each active file stays on a simulated screen before the next one. */
export const SLIDE_MS = 10_000;

/** What one screen of a store shows at a moment. */
export interface ScreenView {
  companyId: number;
  storeId: number;
  storeName: string;
  screen: string;
  /** The file on screen as 'tag/file', or null when the store has nothing to show. */
  showing: string | null;
  at: Date;
}

/**
 * The file a simulated screen shows at a moment: the store's active files (as last fetched from
 * the cloud) in turn, SLIDE_MS each; null without any.
 */
export function showingAt(media: StoreMedia | null | undefined, at: Date): string | null {
  const files = media?.files ?? [];
  if (!files.length) return null;
  const file = files[Math.floor(at.getTime() / SLIDE_MS) % files.length]!;
  return `${file.tag}/${file.filename}`;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Long names are cut so the text stays on the screen. */
const fit = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The screen as SVG: the store and screen on top, the file in the middle, the time below. */
function screenSvg(view: ScreenView): string {
  const { width, height } = SCREEN_SIZE;
  const time = `${view.at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const title = `${view.storeName} (${view.companyId}/${view.storeId}) · screen ${view.screen}`;
  const main = view.showing ?? 'Nothing to show';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="${view.showing ? '#123456' : '#333333'}"/>
  <text x="24" y="44" font-family="sans-serif" font-size="26" fill="#dddddd">${escapeXml(fit(title, 60))}</text>
  <text x="50%" y="52%" text-anchor="middle" font-family="sans-serif" font-size="44" fill="#ffffff">${escapeXml(fit(main, 36))}</text>
  <text x="${width - 24}" y="${height - 28}" text-anchor="end" font-family="monospace" font-size="24" fill="#dddddd">${escapeXml(time)}</text>
</svg>`;
}

export interface RenderedScreen {
  image: Buffer;
  contentType: ScreenshotType;
  width: number;
  height: number;
}

/** JPEG qualities tried in turn until the image fits the cloud's limit. */
const QUALITIES = [80, 60, 40, 20] as const;

/**
 * The screen rendered by sharp as a JPEG of at most maxBytes: the text of what it shows drawn
 * over a plain background (the media itself is not decoded). Null when even the lowest quality
 * does not fit.
 */
export async function renderScreen(
  view: ScreenView,
  maxBytes: number,
): Promise<RenderedScreen | null> {
  const svg = Buffer.from(screenSvg(view));
  for (const quality of QUALITIES) {
    const image = await sharp(svg).jpeg({ quality }).toBuffer();
    if (image.length <= maxBytes) return { image, contentType: 'image/jpeg', ...SCREEN_SIZE };
  }
  return null;
}
