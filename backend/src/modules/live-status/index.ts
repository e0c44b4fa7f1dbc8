export { LiveStatusModule } from './live-status.module';
export { LiveStatusService } from './live-status.service';
