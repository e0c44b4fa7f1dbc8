import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  type LatestScreenshot,
  latestScreenshotQuerySchema,
  latestScreenshotSchema,
  SCREENSHOT_API,
  type Screenshot,
  screenshotSchema,
  takeScreenshotSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { ScreenshotsService } from './screenshots.service';

type StoreScreen = z.output<typeof takeScreenshotSchema>;
const storeOf = (input: StoreScreen) => ({ company: input.companyId, store: input.storeId });

/**
 * Screenshots of a store's screens (issue 32 item 3): anyone who may open the store (its page is
 * Home's) asks for one and sees the latest.
 */
@Controller()
@RequireEntry('home')
export class ScreenshotsController {
  constructor(private readonly screenshots: ScreenshotsService) {}

  @RequireAccess('body', takeScreenshotSchema, { store: storeOf })
  @ApiDoc({
    tag: 'screenshots',
    summary: "Take a screenshot of a store's screen now",
    description:
      'Asks the store over its socket (within RELAY_TIMEOUT_MS) and keeps the answer as the latest of that screen.',
    answers: ok(screenshotSchema, 'The screenshot taken'),
    errors: [403, 409, 502, 504],
  })
  @Post(SCREENSHOT_API.take)
  @HttpCode(200)
  take(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(takeScreenshotSchema) body: StoreScreen,
  ): Promise<Screenshot> {
    return this.screenshots.take(user, body.companyId, body.storeId, body.screen);
  }

  @RequireAccess('query', latestScreenshotQuerySchema, { store: storeOf })
  @ApiDoc({
    tag: 'screenshots',
    summary: "The latest screenshot of a store's screen",
    answers: ok(latestScreenshotSchema, 'The latest screenshot, or null before the first'),
    errors: [403],
  })
  @Get(SCREENSHOT_API.latest)
  latest(@ValidQuery(latestScreenshotQuerySchema) q: StoreScreen): Promise<LatestScreenshot> {
    return this.screenshots.latest(q.companyId, q.storeId, q.screen);
  }
}
