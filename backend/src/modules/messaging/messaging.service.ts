import { Injectable } from '@nestjs/common';
import { type siteQuerySchema, UPSTREAM } from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { parseUpstream } from '../../common/errors/upstream';
import { RelayService } from '../sites';

type SiteQuery = z.output<typeof siteQuerySchema>;

/** A store's reply to a Message screen call: checked when it succeeded, as it is when refused. */
export type StoreAnswer<T> = { ok: true; value: T } | { ok: false; status: number; body: unknown };

/** The Message screen's store calls, answered by the store itself over its socket. */
@Injectable()
export class MessagingService {
  constructor(private readonly relay: RelayService) {}

  async ask<S extends z.ZodType>(
    user: AuthenticatedUser,
    { c, s }: SiteQuery,
    path: string,
    schema: S,
  ): Promise<StoreAnswer<z.output<S>>> {
    const reply = await this.relay.requestStore(
      { company: c, store: s },
      { method: 'GET', path, query: { c: String(c), s: String(s) }, user: user.username },
    );
    if (reply.status >= 300) return { ok: false, status: reply.status, body: reply.body };
    return { ok: true, value: parseUpstream(UPSTREAM.store, schema, reply.body) };
  }
}
