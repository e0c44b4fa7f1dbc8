import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  PROOF_OF_PLAY_SOCKET,
  type ProofOfPlayAck,
  proofOfPlayBatchSchema,
  TENTACLE,
} from '@store-cloud/contracts';
import type { Socket } from 'socket.io';
import type { TentacleData } from '../tentacles';
import { ProofOfPlayService } from './proof-of-play.service';

/**
 * Stores report their plays over their tentacle socket (only stores with a valid secret get in,
 * TentaclesGateway), so the store is the socket's, never the payload's. The acknowledgement
 * comes after the batch is recorded in MongoDB: ok false (or none) and the store sends it again.
 */
@WebSocketGateway({ namespace: TENTACLE.namespace })
export class ProofOfPlayGateway {
  private readonly logger = new Logger(ProofOfPlayGateway.name);

  constructor(private readonly proofOfPlay: ProofOfPlayService) {}

  @SubscribeMessage(PROOF_OF_PLAY_SOCKET.playsEvent)
  async plays(
    @ConnectedSocket() socket: Socket,
    @MessageBody() body: unknown,
  ): Promise<ProofOfPlayAck> {
    const { company, store } = socket.data as TentacleData;
    const batch = proofOfPlayBatchSchema.safeParse(body);
    if (!batch.success) {
      this.logger.warn(`Invalid play batch from store ${company}/${store}`);
      return { ok: false };
    }
    try {
      return { ok: await this.proofOfPlay.receive(company, store, batch.data) };
    } catch (error) {
      this.logger.warn(`Play batch of ${company}/${store}: ${(error as Error).message}`);
      return { ok: false };
    }
  }
}
