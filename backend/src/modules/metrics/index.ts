export { MetricsModule } from './metrics.module';
