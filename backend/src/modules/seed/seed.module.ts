import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { UsersModule } from '../users/users.module';
import { SeedService } from './seed.service';

@Module({
  imports: [UsersModule, CompaniesModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedModule {}
