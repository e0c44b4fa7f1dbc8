import { Controller, Get, Res } from '@nestjs/common';
import { API, type Health, LIVE_HEALTH, type VersionInfo } from '@store-cloud/contracts';
import type { Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { SystemService } from './system.service';

@Public()
@Controller()
export class SystemController {
  constructor(private readonly system: SystemService) {}

  @Get(API.version)
  version(): Promise<VersionInfo> {
    return this.system.version();
  }

  /** The process answers: nothing else is asked, so a lost database never restarts the node. */
  @Get(API.healthLive)
  live(): Health {
    return LIVE_HEALTH;
  }

  /**
   * 503 with the reasons when a dependency is down, so a load balancer or orchestrator takes the
   * node out.
   */
  @Get(API.healthReady)
  async ready(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const health = await this.system.ready();
    if (health.status !== 'ok') res.status(503);
    return health;
  }

  /** Ready under its older name (compose files and probes written before /health/ready). */
  @Get(API.health)
  health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    return this.ready(res);
  }
}
