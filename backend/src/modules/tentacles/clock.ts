import { Injectable } from '@nestjs/common';

/** The time, in one injectable so tests can move it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
