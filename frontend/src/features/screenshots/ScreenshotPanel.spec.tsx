/** Screens seen from the portal (issue 32 item 3): the latest screenshot, and taking one. */
import {
  DATE_FORMAT_STATUS,
  DEFAULT_SCREEN,
  type Screenshot,
  SCREENSHOT_API,
  SCREENSHOT_TEXT,
  SITE_ERROR_CODE,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { fakeCloud } from '../../test/fake-cloud';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { ScreenshotPanel } from './ScreenshotPanel';

const shot = (takenAt: string, showing: string | null): Screenshot => ({
  companyId: 101,
  storeId: 1,
  screen: DEFAULT_SCREEN,
  takenAt,
  receivedAt: takenAt,
  showing,
  contentType: 'image/jpeg',
  width: 960,
  height: 540,
  image: 'data:image/jpeg;base64,/9j/4AAQ',
  takenBy: 'admin@storecloud.test',
});
const FIRST = shot('2026-11-27T09:00:00.000Z', null);
const NEXT = shot('2026-11-27T09:05:00.000Z', 'promo/welcome.png');
const takenAt = (s: Screenshot) =>
  SCREENSHOT_TEXT.takenAt(format(new Date(s.takenAt), DATE_FORMAT_STATUS));

beforeEach(() =>
  localStorage.setItem(
    STORAGE_KEY.token,
    makeToken({ all: true, usertype: USER_TYPE.SUPER_ADMIN }),
  ),
);

describe('ScreenshotPanel', () => {
  it('says there is none yet, then shows the one taken with its time and file', async () => {
    const calls = fakeCloud({
      [`GET ${SCREENSHOT_API.latest}`]: () => ({ screenshot: null }),
      [`POST ${SCREENSHOT_API.take}`]: () => NEXT,
    });
    renderWithProviders(<ScreenshotPanel companyId={101} storeId={1} />);
    expect(await screen.findByText(SCREENSHOT_TEXT.none)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: SCREENSHOT_TEXT.take }));
    expect(await screen.findByText(takenAt(NEXT))).toBeInTheDocument();
    expect(screen.getByText(SCREENSHOT_TEXT.showing('promo/welcome.png'))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: SCREENSHOT_TEXT.alt(DEFAULT_SCREEN) })).toHaveAttribute(
      'src',
      NEXT.image,
    );
    expect(await screen.findByText(SCREENSHOT_TEXT.taken)).toBeInTheDocument();
    const take = calls.find((c) => c.method === 'POST');
    expect(take?.body).toEqual({ companyId: 101, storeId: 1, screen: DEFAULT_SCREEN });
  });

  it('shows the latest it has, and a toast when the store is offline', async () => {
    fakeCloud({ [`GET ${SCREENSHOT_API.latest}`]: () => ({ screenshot: FIRST }) });
    type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
    const fetch = vi.mocked(globalThis.fetch as Fetch);
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (url: string, init: RequestInit = {}) =>
      init.method === 'POST'
        ? new Response(JSON.stringify({ code: SITE_ERROR_CODE.storeOffline, message: 'offline' }), {
            status: 409,
          })
        : answer(url, init),
    );
    renderWithProviders(<ScreenshotPanel companyId={101} storeId={1} />);
    expect(await screen.findByText(takenAt(FIRST))).toBeInTheDocument();
    expect(screen.getByText(SCREENSHOT_TEXT.showingNothing)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: SCREENSHOT_TEXT.take }));
    expect(await screen.findByText(SCREENSHOT_TEXT.offline)).toBeInTheDocument();
    // The screenshot it had stays.
    expect(screen.getByText(takenAt(FIRST))).toBeInTheDocument();
  });
});
