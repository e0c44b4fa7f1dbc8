export { SeedModule } from './seed.module';
