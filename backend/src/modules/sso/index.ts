export { SsoModule } from './sso.module';
export { SsoIdentityModule } from './sso-identity.module';
export { SsoIdentitiesRepository } from './sso-identities.repository';
