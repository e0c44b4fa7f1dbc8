import { Injectable } from '@nestjs/common';
import type { AppConfig } from './env.schema';

/** The typed configuration, read from the environment once (see env.schema.ts). */
@Injectable()
export class ConfigService {
  constructor(private readonly config: AppConfig) {}

  get<K extends keyof AppConfig>(key: K): AppConfig[K] {
    return this.config[key];
  }

  get all(): Readonly<AppConfig> {
    return this.config;
  }
}
