import { JwtService } from '@nestjs/jwt';
import { hmacKey } from './hmac-key';

const SECRET = 'a-signing-secret-of-at-least-32-characters';

describe('hmacKey', () => {
  it('verifies tokens signed with the secret as a string, and the reverse', async () => {
    const asString = new JwtService({ secret: SECRET });
    const asKey = new JwtService({ secret: hmacKey(SECRET) });
    const fromString = await asString.signAsync({ sub: 'u1' }, { algorithm: 'HS256' });
    const fromKey = await asKey.signAsync({ sub: 'u2' }, { algorithm: 'HS256' });
    expect(fromKey).toBe(
      await asString.signAsync(
        { sub: 'u2', iat: asKey.decode(fromKey).iat },
        { algorithm: 'HS256' },
      ),
    );
    await expect(asKey.verifyAsync(fromString)).resolves.toMatchObject({ sub: 'u1' });
    await expect(asString.verifyAsync(fromKey)).resolves.toMatchObject({ sub: 'u2' });
  });

  it('refuses a token signed with another secret', async () => {
    const other = new JwtService({ secret: hmacKey(`${SECRET}-other`) });
    const token = await other.signAsync({ sub: 'u1' }, { algorithm: 'HS256' });
    await expect(new JwtService({ secret: hmacKey(SECRET) }).verifyAsync(token)).rejects.toThrow(
      /invalid signature/,
    );
  });
});
