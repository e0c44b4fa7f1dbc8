import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { MessageLogDoc } from './schemas/message-log.schema';

export interface MessageLogEntry {
  kind: 'log' | 'error';
  systemId: string;
  description: string;
  timestamp: string;
  user: string;
}

@Injectable()
export class MessageLogRepository {
  constructor(@InjectModel(MessageLogDoc.name) private readonly model: Model<MessageLogDoc>) {}

  async add(entry: MessageLogEntry): Promise<void> {
    await this.model.create(entry);
  }

  async listForSystem(systemId: string): Promise<MessageLogEntry[]> {
    const docs = await this.model.find({ systemId }).sort({ createdAt: 1 }).lean().exec();
    return docs.map(({ kind, systemId: s, description, timestamp, user }) => ({
      kind,
      systemId: s,
      description,
      timestamp,
      user,
    }));
  }
}
