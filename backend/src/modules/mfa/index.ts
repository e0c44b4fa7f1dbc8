export { MfaModule } from './mfa.module';
