import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MasterDataRepository } from './master-data.repository';
import { CloudCompanyDoc, CloudCompanySchema } from './schemas/cloud-company.schema';
import { RetailStoreDoc, RetailStoreSchema } from './schemas/retail-store.schema';
import { TimeZonesController } from './time-zones.controller';

/**
 * The cloud companies and retail stores (spec §6) on their own: sign-in, tokens and user admin
 * check scopes against them without depending on the connected companies.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CloudCompanyDoc.name, schema: CloudCompanySchema },
      { name: RetailStoreDoc.name, schema: RetailStoreSchema },
    ]),
  ],
  controllers: [TimeZonesController],
  providers: [MasterDataRepository],
  exports: [MasterDataRepository],
})
export class MasterDataModule {}
