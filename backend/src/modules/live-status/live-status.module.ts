import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { LiveStatusGateway } from './live-status.gateway';
import { LiveStatusService } from './live-status.service';

@Module({
  imports: [AuthModule, SessionsModule],
  providers: [LiveStatusService, LiveStatusGateway],
  exports: [LiveStatusService],
})
export class LiveStatusModule {}
