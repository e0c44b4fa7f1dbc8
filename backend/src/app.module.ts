import { ClockModule } from './common/clock/clock';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { DestinationStream } from 'pino';
import { DatabaseModule } from './common/database/database.module';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { loggingModule } from './common/logging/logging.module';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/env.schema';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { BackupsModule } from './modules/backups/backups.module';
import { CompaniesApiModule } from './modules/companies/companies-api.module';
import { CompaniesModule } from './modules/companies/companies.module';
import { DocsModule } from './modules/docs/docs.module';
import { MediaModule } from './modules/media/media.module';
import { MessagingModule } from './modules/messaging/messaging.module';
import { MfaModule } from './modules/mfa';
import { MetricsModule } from './modules/metrics/metrics.module';
import { NotificationsModule } from './modules/notifications';
import { AlertsModule } from './modules/alerts';
import { ProofOfPlayModule } from './modules/proof-of-play';
import { PasskeyLoginModule, PasskeysModule } from './modules/passkeys';
import { RedisModule } from './modules/redis/redis.module';
import { ScreenshotsModule } from './modules/screenshots';
import { SeedModule } from './modules/seed/seed.module';
import { SitesModule } from './modules/sites/sites.module';
import { SqlBackupModule } from './modules/sqlbackup/sql-backup.module';
import { SsoModule } from './modules/sso/sso.module';
import { SystemModule } from './modules/system/system.module';
import { TentaclesModule } from './modules/tentacles/tentacles.module';
import { UsersModule } from './modules/users/users.module';
import { UserAdminModule } from './modules/user-admin/user-admin.module';

export interface AppModuleOptions {
  /** Defaults to process.env, parsed once. */
  config?: AppConfig;
  /** Where log lines go; defaults to stdout. */
  logDestination?: DestinationStream;
}

/**
 * What every backend process stands on, API node and worker alike: configuration, logs, the
 * clock, MongoDB, Redis, and the audit trail the domain services write to.
 */
export function foundationModules(options: AppModuleOptions) {
  return [
    ConfigModule.forRoot(options.config),
    loggingModule(options.logDestination),
    ClockModule,
    DatabaseModule,
    RedisModule,
    AuditModule,
  ];
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...foundationModules(options),
        UsersModule,
        UserAdminModule,
        CompaniesModule,
        CompaniesApiModule,
        AuthModule,
        SsoModule,
        PasskeysModule,
        PasskeyLoginModule,
        MfaModule,
        SystemModule,
        TentaclesModule,
        SitesModule,
        BackupsModule,
        MediaModule,
        MessagingModule,
        SqlBackupModule,
        NotificationsModule,
        AlertsModule,
        ProofOfPlayModule,
        ScreenshotsModule,
        SeedModule,
        DocsModule,
        MetricsModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
