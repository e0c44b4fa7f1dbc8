import { Module } from '@nestjs/common';
import { PortalConnectionsRepository } from './portal-connections.repository';

/** The shared list of portal connections alone: the store status (tentacles) reads it too. */
@Module({ providers: [PortalConnectionsRepository], exports: [PortalConnectionsRepository] })
export class PortalConnectionsModule {}
