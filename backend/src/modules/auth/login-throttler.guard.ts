import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/** The user name as login looks it up: trimmed and lower-case, so " User" is "user". */
export const loginLimitName = (username: unknown) =>
  typeof username === 'string' ? username.trim().toLowerCase() : '';

/**
 * Counts login attempts per client address and normalised user name, so guessing one account's
 * password is stopped while people behind one proxy (and the e2e suite) log in to different
 * accounts. The counts live in Redis (AuthModule), shared by every backend node.
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(req: {
    ip?: string;
    body?: { username?: unknown };
  }): Promise<string> {
    return Promise.resolve(`${req.ip ?? ''}|${loginLimitName(req.body?.username)}`);
  }
}
