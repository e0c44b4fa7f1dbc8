export { SessionCache } from './session-cache';
export { SessionsModule } from './sessions.module';
export { SessionsService } from './sessions.service';
