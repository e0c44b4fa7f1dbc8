/**
 * bcrypt at cost 4 instead of the app's 10 in every test file: each hash and comparison of a
 * login takes about 1/64 of the time (the suite makes hundreds on two shared cores). The hashes
 * are real bcrypt all the same (compare reads the cost from the hash), so every test still
 * checks what it checked; only the work factor, which no test observes, is lower.
 */
import bcrypt from 'bcrypt';

const TEST_COST = 4;
const hash = bcrypt.hash.bind(bcrypt) as (
  data: string | Buffer,
  saltOrRounds: string | number,
) => Promise<string>;

// An assignment, not a jest.spyOn: a test's jest.restoreAllMocks() must not undo it.
(bcrypt as { hash: unknown }).hash = (data: string | Buffer, saltOrRounds: string | number) =>
  hash(data, typeof saltOrRounds === 'number' ? TEST_COST : saltOrRounds);
