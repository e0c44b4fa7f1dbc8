export { ApiTokensModule } from './apitokens.module';
