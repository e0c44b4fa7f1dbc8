import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users';
import { SessionDoc, SessionSchema } from './schemas/session.schema';
import { SessionCache } from './session-cache';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** Portal sessions and the token generation (issue 23): login, logout, every token check. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: SessionDoc.name, schema: SessionSchema }]),
    UsersModule,
  ],
  controllers: [SessionsController],
  providers: [SessionsRepository, SessionCache, SessionsService],
  exports: [SessionsService, SessionCache],
})
export class SessionsModule {}
