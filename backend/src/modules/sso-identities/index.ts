export { SsoIdentitiesRepository } from './sso-identities.repository';
export { SsoIdentityModule } from './sso-identity.module';
