import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  MEDIA_APPLIED_SOCKET,
  type MediaAppliedAck,
  mediaAppliedSchema,
  TENTACLE,
} from '@store-cloud/contracts';
import type { Socket } from 'socket.io';
import type { TentacleData } from '../tentacles';
import { SchedulePushAnswers } from './schedule-push-answers';

/**
 * Stores answer schedule pushes over their tentacle socket (only stores with a valid secret get
 * in), so the store is the socket's, never the payload's. ok false: the store answers again.
 */
@WebSocketGateway({ namespace: TENTACLE.namespace })
export class MediaAppliedGateway {
  private readonly logger = new Logger(MediaAppliedGateway.name);

  constructor(private readonly answers: SchedulePushAnswers) {}

  @SubscribeMessage(MEDIA_APPLIED_SOCKET.appliedEvent)
  async applied(
    @ConnectedSocket() socket: Socket,
    @MessageBody() body: unknown,
  ): Promise<MediaAppliedAck> {
    const { company, store } = socket.data as TentacleData;
    const answer = mediaAppliedSchema.safeParse(body);
    if (!answer.success) {
      this.logger.warn(`Invalid media answer from store ${company}/${store}`);
      return { ok: false };
    }
    try {
      await this.answers.answered(company, store, answer.data);
      return { ok: true };
    } catch (error) {
      this.logger.warn(`Media answer of ${company}/${store}: ${(error as Error).message}`);
      return { ok: false };
    }
  }
}
