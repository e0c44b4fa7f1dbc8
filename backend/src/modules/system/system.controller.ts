import { Controller, Get, Res } from '@nestjs/common';
import {
  API,
  type Health,
  LIVE_HEALTH,
  type VersionInfo,
  versionInfoSchema,
  healthSchema,
} from '@store-cloud/contracts';
import type { Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { SystemService } from './system.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

const READY_ANSWERS = [
  { status: 200, description: 'Both up', schema: healthSchema },
  { status: 503, description: 'One is down (named in checks, with reasons)', schema: healthSchema },
];

@Public()
@Controller()
export class SystemController {
  constructor(private readonly system: SystemService) {}

  @ApiDoc({
    tag: 'system',
    summary: 'Versions of the backend, Node, Express and the database',
    answers: ok(versionInfoSchema, 'The versions'),
  })
  @Get(API.version)
  version(): Promise<VersionInfo> {
    return this.system.version();
  }

  /** The process answers: nothing else is asked, so a lost database never restarts the node. */
  @ApiDoc({
    tag: 'system',
    summary: 'Whether the process answers (liveness)',
    answers: ok(healthSchema, 'The process answers'),
  })
  @Get(API.healthLive)
  live(): Health {
    return LIVE_HEALTH;
  }

  /**
   * 503 with the reasons when a dependency is down, so a load balancer or orchestrator takes the
   * node out.
   */
  @ApiDoc({
    tag: 'system',
    summary: 'Whether the database and Redis (and so the job queues) answer (readiness)',
    answers: READY_ANSWERS,
  })
  @Get(API.healthReady)
  async ready(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const health = await this.system.ready();
    if (health.status !== 'ok') res.status(503);
    return health;
  }

  /** Ready under its older name (compose files and probes written before /health/ready). */
  @ApiDoc({
    tag: 'system',
    summary: 'Readiness under its older name (as /health/ready)',
    answers: READY_ANSWERS,
  })
  @Get(API.health)
  health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    return this.ready(res);
  }
}
