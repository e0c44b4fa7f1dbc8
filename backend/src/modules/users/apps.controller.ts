import { Controller, Get } from '@nestjs/common';
import type { Application } from '@store-cloud/contracts';
import { AppsRepository } from '../users/apps.repository';

@Controller('portalconfig')
export class AppsController {
  constructor(private readonly apps: AppsRepository) {}

  /** Every application of the platform (the edit-user screen offers them). */
  @Get('apps')
  list(): Promise<Application[]> {
    return this.apps.list();
  }
}
