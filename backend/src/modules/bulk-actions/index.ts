export { BulkActionsModule } from './bulk-actions.module';
export {
  type BulkActionRunner,
  type BulkOutcome,
  type SchedulePush,
  BulkActionsService,
} from './bulk-actions.service';
