import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { API_TOKEN_PRINCIPALS } from '../../common/auth/api-token-principals';
import { MasterDataModule } from '../master-data';
import { UsersModule } from '../users';
import { ApiTokenPrincipalsService } from './api-token-principals.service';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';
import { ApiTokenDoc, ApiTokenSchema } from './schemas/api-token.schema';

/** API tokens for integrations (issue 27 part 5); AuthModule's guard asks it who a token is. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: ApiTokenDoc.name, schema: ApiTokenSchema }]),
    MasterDataModule,
    UsersModule,
  ],
  controllers: [ApiTokensController],
  providers: [
    ApiTokensRepository,
    ApiTokensService,
    ApiTokenPrincipalsService,
    { provide: API_TOKEN_PRINCIPALS, useExisting: ApiTokenPrincipalsService },
  ],
  exports: [API_TOKEN_PRINCIPALS],
})
export class ApiTokensModule {}
