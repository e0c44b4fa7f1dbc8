import { Injectable } from '@nestjs/common';
import type { AppConfig } from './env.schema';

/** The typed configuration, read from the environment once (see env.schema.ts). */
@Injectable()
export class ConfigService {
  constructor(private readonly config: AppConfig) {}

  get<K extends keyof AppConfig>(key: K): AppConfig[K] {
    return this.config[key];
  }

  /** This process runs the BullMQ processors and the cluster-wide sweeps (role worker or all). */
  get runsJobs(): boolean {
    return this.config.role !== 'api';
  }

  /** This process serves HTTP and store sockets (role api or all). */
  get servesApi(): boolean {
    return this.config.role !== 'worker';
  }

  get all(): Readonly<AppConfig> {
    return this.config;
  }
}
