export { isTentacleSecretValid } from './tentacle-secret';
export type { TentacleData } from './tentacles.gateway';
export { TentaclesModule } from './tentacles.module';
export { TentaclesService } from './tentacles.service';
