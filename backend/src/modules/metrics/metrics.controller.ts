import { Controller, Get, Headers, Res } from '@nestjs/common';
import { METRICS_PATH } from '@store-cloud/contracts';
import type { Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { MetricsService } from './metrics.service';

/** Prometheus scrapes: no access token, the METRICS_TOKEN bearer token instead. */
@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get(METRICS_PATH)
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const { contentType, body } = await this.metrics.scrape(authorization);
    res.type(contentType).send(body);
  }
}
