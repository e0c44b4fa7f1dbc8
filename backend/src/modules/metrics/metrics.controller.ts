import { Controller, Get, Headers, Res } from '@nestjs/common';
import { METRICS_PATH, METRICS_ROUTE } from '@store-cloud/contracts';
import type { Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';
import { MetricsService } from './metrics.service';

/** Prometheus scrapes: no access token, the METRICS_TOKEN bearer token instead. */
@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  // Shared with the media server, which documents the same route.
  @ApiDoc(METRICS_ROUTE)
  @Get(METRICS_PATH)
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const { contentType, body } = await this.metrics.scrape(authorization);
    res.type(contentType).send(body);
  }
}
