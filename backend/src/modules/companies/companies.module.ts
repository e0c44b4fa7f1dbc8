import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TentaclesModule } from '../tentacles/tentacles.module';
import { UsersModule } from '../users/users.module';
import { PortalConfigCompaniesController, StoreStatusController } from './companies.controller';
import { CompaniesService } from './companies.service';
import { IntegrationCompaniesRepository } from './integration-companies.repository';
import { MasterDataRepository } from './master-data.repository';
import { CloudCompanyDoc, CloudCompanySchema } from './schemas/cloud-company.schema';
import {
  IntegrationCompanyDoc,
  IntegrationCompanySchema,
} from './schemas/integration-company.schema';
import { RetailStoreDoc, RetailStoreSchema } from './schemas/retail-store.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CloudCompanyDoc.name, schema: CloudCompanySchema },
      { name: RetailStoreDoc.name, schema: RetailStoreSchema },
      { name: IntegrationCompanyDoc.name, schema: IntegrationCompanySchema },
    ]),
    UsersModule,
    TentaclesModule,
  ],
  controllers: [PortalConfigCompaniesController, StoreStatusController],
  providers: [MasterDataRepository, IntegrationCompaniesRepository, CompaniesService],
  exports: [MasterDataRepository, IntegrationCompaniesRepository, CompaniesService],
})
export class CompaniesModule {}
