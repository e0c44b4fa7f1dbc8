import { Controller, Get, Res } from '@nestjs/common';
import {
  MEDIA_SERVER_TEXT,
  PROOF_OF_PLAY_API,
  proofOfPlayCsvName,
  proofOfPlayQuerySchema,
  type ProofOfPlayRollup,
  proofOfPlayRollupSchema,
  proofOfPlaySchedulesQuerySchema,
  type ScheduleRollup,
  scheduleRollupSchema,
} from '@store-cloud/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';
import { ValidQuery } from '../../common/pipes/valid-params';
import { ProofOfPlayService } from './proof-of-play.service';

type Query = z.output<typeof proofOfPlayQuerySchema>;

/** Proof of play (issue 32) for media users, within the companies they may access. */
@Controller()
@RequireEntry('proofOfPlay', MEDIA_SERVER_TEXT.noMediaPermission)
export class ProofOfPlayController {
  constructor(private readonly proofOfPlay: ProofOfPlayService) {}

  @RequireAccess('query', proofOfPlayQuerySchema, { company: (q) => q.companyId })
  @ApiDoc({
    tag: 'proof-of-play',
    summary: "A company's plays in a range of days, per file, tag, store or day",
    answers: ok(proofOfPlayRollupSchema, 'The roll-up'),
    errors: [403],
  })
  @Get(PROOF_OF_PLAY_API.rollup)
  rollup(@ValidQuery(proofOfPlayQuerySchema) q: Query): Promise<ProofOfPlayRollup> {
    return this.proofOfPlay.rollup(q);
  }

  @RequireAccess('query', proofOfPlayQuerySchema, { company: (q) => q.companyId })
  @ApiDoc({
    tag: 'proof-of-play',
    summary: 'The same roll-up as CSV',
    answers: [{ status: 200, description: 'One line per row', contentType: 'text/csv' }],
    errors: [403],
  })
  @Get(PROOF_OF_PLAY_API.export)
  async export(@ValidQuery(proofOfPlayQuerySchema) q: Query, @Res() res: Response): Promise<void> {
    const body = await this.proofOfPlay.csv(q);
    res
      .type('text/csv')
      .setHeader('Content-Disposition', `attachment; filename="${proofOfPlayCsvName(q)}"`);
    res.send(body);
  }

  @RequireAccess('query', proofOfPlaySchedulesQuerySchema, { company: (q) => q.companyId })
  @ApiDoc({
    tag: 'proof-of-play',
    summary: "Each of a company's schedules' plays so far",
    answers: ok(scheduleRollupSchema, 'Plays per schedule id'),
    errors: [403],
  })
  @Get(PROOF_OF_PLAY_API.schedules)
  schedules(
    @ValidQuery(proofOfPlaySchedulesQuerySchema)
    q: z.output<typeof proofOfPlaySchedulesQuerySchema>,
  ): Promise<ScheduleRollup> {
    return this.proofOfPlay.schedules(q.companyId);
  }
}
