import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MasterDataRepository } from './master-data.repository';
import { CloudCompanyDoc, CloudCompanySchema } from './schemas/cloud-company.schema';
import { RetailStoreDoc, RetailStoreSchema } from './schemas/retail-store.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CloudCompanyDoc.name, schema: CloudCompanySchema },
      { name: RetailStoreDoc.name, schema: RetailStoreSchema },
    ]),
  ],
  providers: [MasterDataRepository],
  exports: [MasterDataRepository],
})
export class CompaniesModule {}
