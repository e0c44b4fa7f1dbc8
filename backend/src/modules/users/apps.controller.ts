import { Controller, Get } from '@nestjs/common';
import type { Application } from '@store-cloud/contracts';
import { UsersService } from './users.service';

@Controller('portalconfig')
export class AppsController {
  constructor(private readonly users: UsersService) {}

  /** Every application of the platform (the edit-user screen offers them). */
  @Get('apps')
  list(): Promise<Application[]> {
    return this.users.listApps();
  }
}
