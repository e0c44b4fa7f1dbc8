export { AccessTokenService } from './access-token.service';
export { AuthModule } from './auth.module';
export { AuthService, type ClientInfo } from './auth.service';
export { LoginLimitInterceptor } from './login-limit.interceptor';
export { MfaTokenService } from './mfa-token.service';
