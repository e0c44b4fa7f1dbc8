export { SystemModule } from './system.module';
