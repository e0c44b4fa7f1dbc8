import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AppsRepository } from './apps.repository';
import { PasswordHasher } from './password-hasher';
import { AppDoc, AppSchema } from './schemas/app.schema';
import { UserTypeDoc, UserTypeSchema } from './schemas/user-type.schema';
import { UserDoc, UserSchema } from './schemas/user.schema';
import { UserTypesRepository } from './user-types.repository';
import { UserMfaRepository } from './user-mfa.repository';
import { UsersRepository } from './users.repository';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: UserDoc.name, schema: UserSchema },
      { name: UserTypeDoc.name, schema: UserTypeSchema },
      { name: AppDoc.name, schema: AppSchema },
    ]),
  ],
  providers: [
    UsersRepository,
    UserTypesRepository,
    AppsRepository,
    PasswordHasher,
    UserMfaRepository,
  ],
  exports: [
    UsersRepository,
    UserTypesRepository,
    AppsRepository,
    PasswordHasher,
    UserMfaRepository,
  ],
})
export class UsersModule {}
