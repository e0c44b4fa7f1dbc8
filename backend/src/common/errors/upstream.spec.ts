import { ERROR_CODE, UPSTREAM, upstreamInvalidText } from '@store-cloud/contracts';
import { toErrorBody } from '@store-cloud/node-kit';
import { z } from 'zod';
import { parseUpstream, UpstreamInvalidError } from './upstream';

describe('parseUpstream', () => {
  const schema = z.object({ status: z.number().int() });

  it('answers the value as the schema parses it', () => {
    expect(parseUpstream(UPSTREAM.store, schema, { status: 200, extra: 1 })).toEqual({
      status: 200,
    });
  });

  it('refuses an answer off its schema as a 502 UPSTREAM_INVALID naming the upstream', () => {
    let thrown: unknown;
    try {
      parseUpstream(UPSTREAM.mediaServer, schema, { status: 'fine' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UpstreamInvalidError);
    expect((thrown as UpstreamInvalidError).upstream).toBe('media-server');
    expect(toErrorBody(thrown)).toEqual({
      status: 502,
      body: {
        code: ERROR_CODE.upstreamInvalid,
        message: upstreamInvalidText(UPSTREAM.mediaServer),
      },
    });
  });
});
