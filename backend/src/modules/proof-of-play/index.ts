export { ProofOfPlayModule } from './proof-of-play.module';
export { ProofOfPlayService } from './proof-of-play.service';
