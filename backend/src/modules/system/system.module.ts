import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AppsController } from './apps.controller';
import { SystemController } from './system.controller';
import { SystemService } from './system.service';

@Module({
  imports: [UsersModule],
  controllers: [SystemController, AppsController],
  providers: [SystemService],
})
export class SystemModule {}
