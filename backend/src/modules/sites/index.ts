export { MessageDeliveriesRepository } from './message-deliveries.repository';
export { OutboxRepository } from './outbox.repository';
export { MESSAGE_MANAGER_REQUIRED } from './sites.errors';
export { SitesModule } from './sites.module';
export { RelayService } from './relay.service';
