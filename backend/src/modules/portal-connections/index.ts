export { PortalConnectionsModule } from './portal-connections.module';
export {
  connectionField,
  PortalConnectionsRepository,
  type StoredConnection,
} from './portal-connections.repository';
