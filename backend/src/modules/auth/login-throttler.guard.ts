import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Counts login attempts per client address and user name, so guessing one account's password
 * is stopped while people behind one proxy (and the e2e suite) log in to different accounts.
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(req: {
    ip?: string;
    body?: { username?: unknown };
  }): Promise<string> {
    const username = typeof req.body?.username === 'string' ? req.body.username.toLowerCase() : '';
    return Promise.resolve(`${req.ip ?? ''}|${username}`);
  }
}
