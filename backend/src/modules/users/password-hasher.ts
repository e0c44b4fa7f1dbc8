import { Injectable } from '@nestjs/common';
import bcrypt from 'bcrypt';

const COST = 10;

/** bcrypt behind one injectable, so every hash and comparison goes through one place. */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return bcrypt.hash(password, COST);
  }

  compare(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }
}
