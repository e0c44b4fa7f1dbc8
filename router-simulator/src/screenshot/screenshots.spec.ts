import { DEMO_FLEET, SCREENSHOT_MAX_BYTES, type StoreMedia } from '@store-cloud/contracts';
import sharp from 'sharp';
import { FleetState } from '../fleet/fleet-state';
import { SCREEN_SIZE, SLIDE_MS, showingAt } from './screen-render';
import { takeScreenshot } from './screenshots';

const company = DEMO_FLEET.companies[0]!;
const store = company.stores[0]!;
const media = (files: string[]): StoreMedia => ({
  companyId: company.companyId,
  storeId: store.storeId,
  tags: ['promo'],
  files: files.map((filename) => ({ tag: 'promo', filename, url: `/x/${filename}` })),
});

describe('a simulated screen', () => {
  it('shows the active files in turn, and nothing without any', () => {
    const files = media(['a.png', 'b.mp4']);
    expect(showingAt(files, new Date(0))).toBe('promo/a.png');
    expect(showingAt(files, new Date(SLIDE_MS))).toBe('promo/b.mp4');
    expect(showingAt(files, new Date(2 * SLIDE_MS))).toBe('promo/a.png');
    expect(showingAt(media([]), new Date())).toBeNull();
    expect(showingAt(null, new Date())).toBeNull();
  });

  it('answers a screenshot as a JPEG of the screen, naming what it shows', async () => {
    const state = new FleetState(DEMO_FLEET);
    state.setMedia(company.companyId, store.storeId, media(['<odd & "name">.png']));
    const at = new Date('2026-11-27T10:00:00.000Z');
    const reply = await takeScreenshot(
      company.companyId,
      store,
      state,
      { screen: 'main', maxBytes: SCREENSHOT_MAX_BYTES },
      at,
    );
    if (!reply.ok) throw new Error(reply.reason);
    expect(reply).toMatchObject({
      contentType: 'image/jpeg',
      takenAt: at.toISOString(),
      showing: 'promo/<odd & "name">.png',
      ...SCREEN_SIZE,
    });
    const image = Buffer.from(reply.image, 'base64');
    expect(image.length).toBeLessThanOrEqual(SCREENSHOT_MAX_BYTES);
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', ...SCREEN_SIZE });
  });

  it('says why when no image fits, or the request is malformed', async () => {
    const state = new FleetState(DEMO_FLEET);
    const tiny = await takeScreenshot(company.companyId, store, state, {
      screen: 'main',
      maxBytes: 10,
    });
    expect(tiny).toEqual({ ok: false, reason: 'No image fits in 10 bytes' });
    const bad = await takeScreenshot(company.companyId, store, state, { screen: '' });
    expect(bad.ok).toBe(false);
  });
});
