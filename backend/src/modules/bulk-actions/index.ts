export { BulkActionsModule } from './bulk-actions.module';
export {
  type BulkActionRunner,
  type BulkOutcome,
  BulkActionsService,
} from './bulk-actions.service';
