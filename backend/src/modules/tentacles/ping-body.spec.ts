import { tentaclePingSchema } from '@store-cloud/contracts';
import { pingVersion } from './ping-body';
import { pingEntryText } from './store-ping-list.repository';

describe("a ping's body and entry, checked and written by hand", () => {
  it.each<[string, unknown]>([
    ['a ping', { tentacleVersion: '23.3.5' }],
    ['an empty version', { tentacleVersion: '' }],
    ['more keys', { tentacleVersion: '1.0', extra: 1 }],
    ['the longest version', { tentacleVersion: 'v'.repeat(100) }],
    ['a version too long', { tentacleVersion: 'v'.repeat(101) }],
    ['a number', { tentacleVersion: 5 }],
    ['no version', {}],
    ['null', null],
    ['a string', 'tentacleVersion'],
    ['an array', Object.assign(['x'], { tentacleVersion: '1.0' })],
    ['undefined', undefined],
  ])('decides as tentaclePingSchema on %s', (_, body) => {
    const parsed = tentaclePingSchema.safeParse(body);
    expect(pingVersion(body)).toBe(parsed.success ? parsed.data.tentacleVersion : undefined);
  });

  it.each([
    '23.3.5',
    '',
    'quote " and \\ back',
    'ünïcødé ✓',
    'lone \ud800 surrogate',
    '\n\t\u0001',
  ])('writes the entry as JSON.stringify does, version %j', (version) => {
    const at = new Date('2026-11-27T10:30:00.123Z');
    expect(pingEntryText(90001, 42, version, at)).toBe(
      JSON.stringify({
        enterprise: { company: 90001, store: 42 },
        datetime: at.toISOString(),
        tentacleVersion: version,
        noPingCounter: 0,
      }),
    );
  });
});
