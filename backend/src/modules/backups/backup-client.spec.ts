import { isBlockedAddress, isBlockedHost } from './backup-client';

describe('the backup call address check', () => {
  it.each([
    '169.254.169.254',
    '169.254.0.1',
    'fe80::1',
    'febf::1',
    '::ffff:169.254.169.254',
    '100.100.100.200',
    'fd00:ec2::254',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['127.0.0.1', '::1', '10.0.0.5', '192.168.1.10', '8.8.8.8', '2001:db8::1', 'fec0::1'])(
    'allows %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('refuses metadata host names and bracketed link-local literals, allows others', () => {
    expect(isBlockedHost('metadata.google.internal')).toBe(true);
    expect(isBlockedHost('METADATA.google.internal.')).toBe(true);
    expect(isBlockedHost('[fe80::1]')).toBe(true);
    expect(isBlockedHost('localhost')).toBe(false);
    expect(isBlockedHost('backup.example.com')).toBe(false);
  });
});
