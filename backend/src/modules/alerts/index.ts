export { AlertsModule } from './alerts.module';
export { AlertsSweepService } from './alerts-sweep.service';
