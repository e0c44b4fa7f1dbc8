import { Global, Injectable, Module } from '@nestjs/common';

/** The time, in one injectable so tests can move it: every time read in services goes here. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** Provides the one Clock to every module (imported once by the API and worker roots). */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
