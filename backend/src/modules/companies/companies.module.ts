import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CompaniesStamp } from './companies-stamp';
import { ConnectedCompaniesView } from './connected-companies.view';
import { IntegrationCompaniesRepository } from './integration-companies.repository';
import { MasterDataModule } from '../master-data';
import {
  IntegrationCompanyDoc,
  IntegrationCompanySchema,
} from './schemas/integration-company.schema';

/** The company data alone (the seed CLI uses it without Redis or sockets). */
@Module({
  imports: [
    MasterDataModule,
    MongooseModule.forFeature([
      { name: IntegrationCompanyDoc.name, schema: IntegrationCompanySchema },
    ]),
  ],
  providers: [IntegrationCompaniesRepository, CompaniesStamp, ConnectedCompaniesView],
  exports: [
    MasterDataModule,
    IntegrationCompaniesRepository,
    CompaniesStamp,
    ConnectedCompaniesView,
  ],
})
export class CompaniesModule {}
