import { ERROR_CODE } from '@store-cloud/contracts';
import { z } from 'zod';
import { ValidationFailedError } from '@store-cloud/node-kit';
import { ZodValidationPipe } from './zod-validation.pipe';

const schema = z.object({
  name: z.string().min(1, 'name is required'),
  page: z.object({ size: z.number() }),
});
const body = { type: 'body' } as const;

function failure(value: unknown, type: 'body' | 'query' = 'body'): ValidationFailedError {
  try {
    new ZodValidationPipe(schema).transform(value, { type });
  } catch (error) {
    if (error instanceof ValidationFailedError) return error;
    throw error;
  }
  throw new Error('expected a validation failure');
}

describe('ZodValidationPipe', () => {
  it('hands on the parsed value', () => {
    expect(
      new ZodValidationPipe(schema).transform({ name: 'a', page: { size: 1 }, extra: 1 }, body),
    ).toEqual({
      name: 'a',
      page: { size: 1 },
    });
  });

  it('names each failing field, nested ones by their dotted path', () => {
    const error = failure({ name: '', page: { size: 'big' } });
    expect(error.code).toBe(ERROR_CODE.validation);
    expect(error.issues?.map((i) => i.path)).toEqual(['name', 'page.size']);
    expect(error.message).toMatch(/^name: name is required; page\.size: /);
  });

  it('says plainly that a missing body or query must be an object', () => {
    expect(failure(undefined).message).toBe('body: The request body must be a JSON object');
    expect(failure('text', 'query').message).toBe(
      'query: The query parameters are missing or malformed',
    );
  });
});
