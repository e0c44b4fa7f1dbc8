import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { SessionsModule } from '../sessions';
import { LiveStatusGateway } from './live-status.gateway';
import { LiveStatusService } from './live-status.service';

@Module({
  imports: [AuthModule, SessionsModule],
  providers: [LiveStatusService, LiveStatusGateway],
  exports: [LiveStatusService],
})
export class LiveStatusModule {}
