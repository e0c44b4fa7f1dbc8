export { MasterDataModule } from './master-data.module';
export { MasterDataRepository } from './master-data.repository';
