export {
  isSealed,
  parseSiteCredentialsKey,
  SiteCredentialsCipher,
} from './site-credentials.cipher';
export { SiteCredentialsModule } from './site-credentials.module';
export { SiteCredentialsRepository } from './site-credentials.repository';
export { type SiteCredentials, SiteCredentialsService } from './site-credentials.service';
