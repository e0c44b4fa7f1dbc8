import { nameIssue } from './media-names';
import { newPasswordSchema, tagNameSchema, usernameSchema } from './index';
import { addBackupServerSchema } from './schemas/backup.schema';
import { saveIntegrationCompaniesSchema } from './schemas/company.schema';
import { VALIDATION } from './texts';

describe('name rule (issue 23)', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a tab', 'a\tb'],
    ['a right-to-left override', 'photo\u202egpj.exe'],
    ['a left-to-right mark', 'a\u200eb'],
    ['an isolate', 'a\u2066b'],
    ['a lone high surrogate', 'a\ud83db'],
    ['a lone low surrogate', 'a\ude00b'],
    ['a fraction slash', 'a\u2044b'],
    ['a division slash', 'a\u2215b'],
    ['a big solidus', 'a\u29f8b'],
    ['a fullwidth solidus', 'a\uff0fb'],
    ['a fullwidth reverse solidus', 'a\uff3cb'],
    ['a set minus', 'a\u2216b'],
  ])('refuses %s in any name', (_what, name) => {
    expect(nameIssue(name)).toBeDefined();
    expect(tagNameSchema.safeParse(name).success).toBe(false);
    expect(addBackupServerSchema.shape.name.safeParse(name).success).toBe(false);
  });

  it.each(['CON', 'con.png', 'Nul.tar.gz', 'COM1.txt', 'lpt9', 'aux ', 'PRN.jpg'])(
    'refuses the Windows device name %s for files and folders only',
    (name) => {
      expect(nameIssue(name, { fileLike: true })).toMatch(/device name Windows reserves/);
      expect(tagNameSchema.safeParse(name).success).toBe(false);
      expect(nameIssue(name)).toBeUndefined();
    },
  );

  it('keeps ordinary names, emoji and accents', () => {
    for (const name of [
      'Promo 2026',
      'Café crème.jpg',
      'console.png',
      'COM10',
      'con-fig',
      '🎉 sale',
    ])
      expect(nameIssue(name, { fileLike: true })).toBeUndefined();
  });

  it('says why in the message', () => {
    const result = tagNameSchema.safeParse('a\u2215b');
    expect(result.error?.issues[0]?.message).toMatch(
      /^Invalid tag folder name: it contains a character that looks like a slash \(U\+2215\)/,
    );
  });

  it('applies to company and user names', () => {
    const companies = (companyName: string) =>
      saveIntegrationCompaniesSchema.safeParse({ companies: [{ companyId: 1, companyName }] })
        .success;
    expect(companies('Acme')).toBe(true);
    expect(companies('Ac\u202eme')).toBe(false);
    expect(companies('Ac\u0000me')).toBe(false);
    expect(usernameSchema.safeParse('a\u0000b@example.com').success).toBe(false);
    expect(usernameSchema.safeParse(' User@Example.com').data).toBe('user@example.com');
  });
});

describe('new password bytes (issue 23)', () => {
  // 27 three-byte characters and a tail: within 30 characters, but 84 bytes.
  const long = `${'☃'.repeat(27)}a1B`;

  it('refuses a password bcrypt would cut at 72 bytes', () => {
    const result = newPasswordSchema.safeParse(long);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(VALIDATION.passwordBytes);
  });

  it('takes 72 bytes exactly', () => {
    expect(newPasswordSchema.safeParse(`${'☃'.repeat(23)}a1B`).success).toBe(true);
    expect(newPasswordSchema.safeParse(`${'☃'.repeat(24)}a1B`).success).toBe(false);
  });
});
