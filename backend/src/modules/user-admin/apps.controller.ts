import { Controller, Get } from '@nestjs/common';
import { type Application, applicationListSchema } from '@store-cloud/contracts';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';
import { UsersService } from './users.service';

@Controller('portalconfig')
export class AppsController {
  constructor(private readonly users: UsersService) {}

  /** Every application of the platform (the edit-user screen offers them). */
  @ApiDoc({
    tag: 'system',
    summary: 'The portal applications',
    answers: ok(applicationListSchema, 'The applications'),
  })
  @Get('apps')
  list(): Promise<Application[]> {
    return this.users.listApps();
  }
}
