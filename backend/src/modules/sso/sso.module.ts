import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditModule } from '../audit';
import { AuthModule } from '../auth';
import { MasterDataModule } from '../master-data';
import { SessionsModule } from '../sessions';
import { UserAccessModule, UsersModule } from '../users';
import { OidcClient } from './oidc-client';
import { SsoCodeDoc, SsoCodeSchema, SsoFlowDoc, SsoFlowSchema } from './schemas/sso-flow.schema';
import { SsoAccountsService } from './sso-accounts.service';
import { SsoController } from './sso.controller';
import { SsoFlowsRepository } from './sso-flows.repository';
import { SsoIdentityModule } from '../sso-identities';
import { SsoService } from './sso.service';

/** Single sign-on with OpenID Connect (issue 27 part 4). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: SsoFlowDoc.name, schema: SsoFlowSchema },
      { name: SsoCodeDoc.name, schema: SsoCodeSchema },
    ]),
    SsoIdentityModule,
    AuthModule,
    AuditModule,
    MasterDataModule,
    SessionsModule,
    UserAccessModule,
    UsersModule,
  ],
  controllers: [SsoController],
  providers: [OidcClient, SsoFlowsRepository, SsoAccountsService, SsoService],
})
export class SsoModule {}
