import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigService } from './config.service';
import { type AppConfig, loadConfigOrExit } from './env.schema';

@Global()
@Module({})
export class ConfigModule {
  /** With no config given, reads process.env (tests pass their own config instead). */
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        {
          provide: ConfigService,
          useFactory: () => new ConfigService(config ?? loadConfigOrExit()),
        },
      ],
      exports: [ConfigService],
    };
  }
}
