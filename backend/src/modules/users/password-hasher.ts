import { Injectable } from '@nestjs/common';
import { PASSWORD_MAX_BYTES, utf8Bytes } from '@store-cloud/contracts';
import bcrypt from 'bcrypt';

const COST = 10;

/**
 * bcrypt behind one injectable, so every hash and comparison goes through one place. bcrypt reads
 * only the first 72 bytes: a longer password is never hashed (the contract refuses it first) and
 * never matches, or any tail after byte 72 would log in.
 */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    if (utf8Bytes(password) > PASSWORD_MAX_BYTES) {
      throw new Error(`A password longer than ${PASSWORD_MAX_BYTES} bytes cannot be hashed`);
    }
    return bcrypt.hash(password, COST);
  }

  async compare(password: string, hash: string): Promise<boolean> {
    if (utf8Bytes(password) > PASSWORD_MAX_BYTES) return false;
    return bcrypt.compare(password, hash);
  }
}
