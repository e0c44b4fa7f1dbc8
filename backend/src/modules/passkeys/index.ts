export { PasskeysModule } from './passkeys.module';
export { PasskeyLoginModule } from './passkey-login.module';
export { PasskeysService } from './passkeys.service';
