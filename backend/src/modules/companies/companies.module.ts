import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CompaniesStamp } from './companies-stamp';
import { ConnectedCompaniesView } from './connected-companies.view';
import { IntegrationCompaniesRepository } from './integration-companies.repository';
import { MasterDataRepository } from './master-data.repository';
import { CloudCompanyDoc, CloudCompanySchema } from './schemas/cloud-company.schema';
import {
  IntegrationCompanyDoc,
  IntegrationCompanySchema,
} from './schemas/integration-company.schema';
import { RetailStoreDoc, RetailStoreSchema } from './schemas/retail-store.schema';

/** The company data alone (the seed CLI uses it without Redis or sockets). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CloudCompanyDoc.name, schema: CloudCompanySchema },
      { name: RetailStoreDoc.name, schema: RetailStoreSchema },
      { name: IntegrationCompanyDoc.name, schema: IntegrationCompanySchema },
    ]),
  ],
  providers: [
    MasterDataRepository,
    IntegrationCompaniesRepository,
    CompaniesStamp,
    ConnectedCompaniesView,
  ],
  exports: [
    MasterDataRepository,
    IntegrationCompaniesRepository,
    CompaniesStamp,
    ConnectedCompaniesView,
  ],
})
export class CompaniesModule {}
