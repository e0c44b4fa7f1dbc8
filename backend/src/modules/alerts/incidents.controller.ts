import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  INCIDENT_API,
  type Incident,
  type IncidentOpenCount,
  type IncidentPage,
  alertIdParamsSchema,
  incidentMuteSchema,
  incidentsQuerySchema,
  toExpressPath,
  incidentPageSchema,
  incidentOpenCountSchema,
  incidentSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidParams, ValidQuery } from '../../common/pipes/valid-params';
import { IncidentsService } from './incidents.service';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';

type Id = z.output<typeof alertIdParamsSchema>;

/**
 * /portal/incidents (issue 26): every signed-in user, for the companies it may access (an
 * incident named by id is checked against its company by the service).
 */
@Controller()
@RequireEntry('alerts')
export class IncidentsController {
  constructor(private readonly incidents: IncidentsService) {}

  @RequireAccess('query', incidentsQuerySchema, { company: (q) => q.companyId })
  @ApiDoc({
    tag: 'alerts',
    summary: 'Incidents of the companies you may access: open first, then newest first',
    description: "Pass the answer's next as before for the following page.",
    answers: [{ status: 200, description: 'A page of incidents', schema: incidentPageSchema }],
    errors: [403],
  })
  @Get(INCIDENT_API.list)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(incidentsQuerySchema) q: z.output<typeof incidentsQuerySchema>,
  ): Promise<IncidentPage> {
    return this.incidents.page(user, q);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: 'How many open incidents you see, leaving out muted ones (the bell)',
    answers: [{ status: 200, description: 'The count', schema: incidentOpenCountSchema }],
    errors: [403],
  })
  @Get(INCIDENT_API.openCount)
  openCount(@CurrentUser() user: AuthenticatedUser): Promise<IncidentOpenCount> {
    return this.incidents.openCount(user);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: 'Acknowledge an incident',
    answers: [{ status: 200, description: 'The incident', schema: incidentSchema }],
    errors: [403, 404],
  })
  @Post(toExpressPath(INCIDENT_API.ack))
  @HttpCode(200)
  acknowledge(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<Incident> {
    return this.incidents.acknowledge(user, id);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: 'Hold the notices of an open incident for some minutes',
    answers: [{ status: 200, description: 'The incident', schema: incidentSchema }],
    errors: [403, 404, 409],
  })
  @Post(toExpressPath(INCIDENT_API.mute))
  @HttpCode(200)
  mute(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
    @ValidBody(incidentMuteSchema) body: z.output<typeof incidentMuteSchema>,
  ): Promise<Incident> {
    return this.incidents.mute(user, id, body.minutes);
  }
}
