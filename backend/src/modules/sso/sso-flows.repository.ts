import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SsoCodeDoc, SsoFlowDoc } from './schemas/sso-flow.schema';

export type SsoFlow = Pick<
  SsoFlowDoc,
  'state' | 'nonce' | 'codeVerifier' | 'browserHash' | 'expiresAt'
>;
export type SsoCode = Pick<SsoCodeDoc, 'codeHash' | 'userId' | 'browserHash' | 'expiresAt'>;

/** The short-lived records of a sign-in: flows (start to callback) and one-time codes. */
@Injectable()
export class SsoFlowsRepository implements OnModuleInit {
  constructor(
    @InjectModel(SsoFlowDoc.name) private readonly flows: Model<SsoFlowDoc>,
    @InjectModel(SsoCodeDoc.name) private readonly codes: Model<SsoCodeDoc>,
  ) {}

  async onModuleInit() {
    await Promise.all([this.flows.createIndexes(), this.codes.createIndexes()]);
  }

  /** Records a flow, and removes those that expired (there is no TTL index on FerretDB). */
  async addFlow(flow: SsoFlow, now: Date): Promise<void> {
    await this.flows.deleteMany({ expiresAt: { $lte: now } }).exec();
    await this.flows.create(flow);
  }

  /** Takes the flow of this state: at most one caller ever gets it. */
  async takeFlow(state: string): Promise<SsoFlow | null> {
    // No projection: FerretDB v1 does not take one on findAndModify.
    const doc = await this.flows.findOneAndDelete({ state }).lean<SsoFlow>().exec();
    return doc
      ? {
          state: doc.state,
          nonce: doc.nonce,
          codeVerifier: doc.codeVerifier,
          browserHash: doc.browserHash,
          expiresAt: doc.expiresAt,
        }
      : null;
  }

  async addCode(code: SsoCode, now: Date): Promise<void> {
    await this.codes.deleteMany({ expiresAt: { $lte: now } }).exec();
    await this.codes.create(code);
  }

  /** Takes the code: a second use finds nothing. */
  async takeCode(codeHash: string): Promise<SsoCode | null> {
    const doc = await this.codes.findOneAndDelete({ codeHash }).lean<SsoCode>().exec();
    return doc
      ? {
          codeHash: doc.codeHash,
          userId: doc.userId,
          browserHash: doc.browserHash,
          expiresAt: doc.expiresAt,
        }
      : null;
  }
}
