import { z } from 'zod';
import { ConfigError, parseEnv } from './env-parsing';

const schema = z.object({ PORT: z.coerce.number().int().default(80), SECRET: z.string() });

describe('parseEnv', () => {
  it('treats empty values as unset and applies defaults', () => {
    expect(parseEnv(schema, { PORT: '', SECRET: 's' })).toEqual({ PORT: 80, SECRET: 's' });
  });

  it('names every bad variable without echoing its value', () => {
    let error: unknown;
    try {
      parseEnv(schema, { PORT: 'abc', SECRET: '' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables.sort()).toEqual(['PORT', 'SECRET']);
    expect((error as ConfigError).message).toContain('SECRET: is required');
    expect((error as ConfigError).message).not.toContain('abc');
  });

  it('counts an undefined variable as unset, and says a repeated problem once', () => {
    const key = z.object({
      KEY: z
        .string()
        .min(8, 'must be 8 hex digits')
        .regex(/^[0-9a-f]+$/, 'must be 8 hex digits'),
    });
    expect(() => parseEnv(key, { KEY: undefined })).toThrow('KEY: is required');
    let error: unknown;
    try {
      parseEnv(key, { KEY: 'xyz' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).message).toBe(
      'Invalid configuration:\n  KEY: must be 8 hex digits',
    );
  });
});
