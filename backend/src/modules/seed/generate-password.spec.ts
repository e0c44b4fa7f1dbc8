import { newPasswordSchema } from '@store-cloud/contracts';
import { generatePassword } from './seed.service';

describe('generatePassword', () => {
  it('always passes the portal password rule and differs each time', () => {
    const passwords = Array.from({ length: 200 }, () => generatePassword());
    for (const pw of passwords) expect(newPasswordSchema.safeParse(pw).success).toBe(true);
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
