import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users';
import { ProofOfPlayController } from './proof-of-play.controller';
import { ProofOfPlayGateway } from './proof-of-play.gateway';
import { ProofOfPlayRepository } from './proof-of-play.repository';
import { ProofOfPlayService } from './proof-of-play.service';
import { ProofOfPlaySweep } from './proof-of-play-sweep.service';
import { PlayBatchDoc, PlayBatchSchema } from './schemas/play-batch.schema';
import {
  PLAY_ROLLUP_MONTH_COLLECTION,
  PLAY_ROLLUP_MONTH_MODEL,
  PlayRollupDoc,
  PlayRollupSchema,
} from './schemas/play-rollup.schema';

/** Proof of play (issue 32): the stores' play batches, their daily and monthly roll-ups and the screen's API. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PlayBatchDoc.name, schema: PlayBatchSchema },
      { name: PlayRollupDoc.name, schema: PlayRollupSchema },
      {
        name: PLAY_ROLLUP_MONTH_MODEL,
        schema: PlayRollupSchema,
        collection: PLAY_ROLLUP_MONTH_COLLECTION,
      },
    ]),
    UsersModule,
  ],
  controllers: [ProofOfPlayController],
  providers: [ProofOfPlayRepository, ProofOfPlayService, ProofOfPlayGateway, ProofOfPlaySweep],
  exports: [ProofOfPlayService],
})
export class ProofOfPlayModule {}
