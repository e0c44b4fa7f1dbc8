export { AppsRepository } from './apps.repository';
export { PasswordHasher } from './password-hasher';
export { UserAccessCache } from './user-access.cache';
export { UserAccessModule } from './user-access.module';
export { type StoredMfa, UserMfaRepository } from './user-mfa.repository';
export { UserTypesRepository } from './user-types.repository';
export { UsersModule } from './users.module';
export { UsersRepository } from './users.repository';
