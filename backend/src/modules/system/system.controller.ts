import { Controller, Get, Res } from '@nestjs/common';
import { API, type Health, type VersionInfo } from '@store-cloud/contracts';
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

  /** 503 when a dependency is down, so a load balancer or orchestrator takes the node out. */
  @Get(API.health)
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const health = await this.system.health();
    if (health.status !== 'ok') res.status(503);
    return health;
  }
}
