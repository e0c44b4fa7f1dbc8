import { Injectable } from '@nestjs/common';
import {
  type LatestScreenshot,
  SCREENSHOT_MAX_BYTES,
  type Screenshot,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { TentaclesService } from '../tentacles';
import { ScreenLinkGateway } from './screen-link.gateway';
import { ScreenshotError } from './screenshots.errors';
import { ScreenshotsRepository } from './screenshots.repository';

/** Screens seen from the portal (issue 32 item 3): ask a store, keep the latest per screen. */
@Injectable()
export class ScreenshotsService {
  constructor(
    private readonly tentacles: TentaclesService,
    private readonly link: ScreenLinkGateway,
    private readonly repository: ScreenshotsRepository,
    private readonly clock: Clock,
  ) {}

  /** Asks the store for its screen now and keeps the answer as the screen's latest. */
  async take(
    user: AuthenticatedUser,
    companyId: number,
    storeId: number,
    screen: string,
  ): Promise<Screenshot> {
    if (!(await this.tentacles.isOnline(companyId, storeId))) throw ScreenshotError.storeOffline();
    const reply = await this.link.screenshot(companyId, storeId, {
      screen,
      maxBytes: SCREENSHOT_MAX_BYTES,
    });
    if (!reply.ok) throw ScreenshotError.refused(reply.reason);
    return this.repository.save({
      companyId,
      storeId,
      screen,
      takenAt: new Date(reply.takenAt),
      receivedAt: this.clock.now(),
      showing: reply.showing,
      contentType: reply.contentType,
      width: reply.width,
      height: reply.height,
      image: Buffer.from(reply.image, 'base64'),
      takenBy: user.username,
    });
  }

  async latest(companyId: number, storeId: number, screen: string): Promise<LatestScreenshot> {
    return { screenshot: await this.repository.latest(companyId, storeId, screen) };
  }
}
