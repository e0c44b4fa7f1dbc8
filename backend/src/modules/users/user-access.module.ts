import { Module } from '@nestjs/common';
import { UserAccessCache } from './user-access.cache';
import { UsersModule } from './users.module';

/** The users behind site tokens, cached per node and invalidated over Redis (needs Redis). */
@Module({ imports: [UsersModule], providers: [UserAccessCache], exports: [UserAccessCache] })
export class UserAccessModule {}
