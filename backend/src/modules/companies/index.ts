export { CompaniesApiModule } from './companies-api.module';
export { CompaniesStamp } from './companies-stamp';
export { CompanyError } from './companies.errors';
export { CompaniesModule } from './companies.module';
export { CompanyCredentialsCipher } from './company-credentials.cipher';
export { ConnectedCompaniesView } from './connected-companies.view';
export { CredentialsAtRestModule } from './credentials-at-rest.module';
export { CredentialsAtRestService } from './credentials-at-rest.service';
export {
  IntegrationCompaniesRepository,
  type StoredIntegrationCompany,
} from './integration-companies.repository';
