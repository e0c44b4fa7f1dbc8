import {
  MESSAGING_TEXT,
  allowedDestinations,
  buildSiteMessage,
  messengerQuery,
  siteMessageSchema,
  isPosOrBosWorkstation,
} from './messaging';

const sites = [
  { companyId: 12, storeId: 3 },
  { companyId: 12, storeId: 4 },
];

describe('site messages (spec §3, §4, §5)', () => {
  it('builds a valid message with a UUID, an ISO time, the fixed source and company-store locations', () => {
    const message = buildSiteMessage({
      type: 'Prompt',
      content: 'Close till 3',
      destinations: ['POS'],
      sites,
    });
    expect(siteMessageSchema.parse(message)).toEqual(message);
    expect(message.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(message.source).toBe('EvoConnect');
    expect(message.locations).toEqual(['12-3', '12-4']);
    expect(message.payload).toEqual({ content: 'Close till 3' });
  });

  it('gives a log-level command Debug and a permanent period by default', () => {
    const message = buildSiteMessage({
      type: 'Command',
      content: 'SwitchLoggingLevel',
      destinations: ['POS'],
      sites,
    });
    expect(message.payload).toEqual({
      content: 'SwitchLoggingLevel',
      logLevel: 'Debug',
      logLevelTimePeriod: 0,
    });
  });

  it('refuses a message without content and a command without an operation, with the spec texts', () => {
    const empty = buildSiteMessage({
      type: 'Message',
      content: '  ',
      destinations: ['POS'],
      sites,
    });
    expect(siteMessageSchema.safeParse(empty).error?.issues[0].message).toBe(
      MESSAGING_TEXT.messageNeedsContent,
    );
    const command = buildSiteMessage({
      type: 'Command',
      content: '',
      destinations: ['POS'],
      sites,
    });
    expect(siteMessageSchema.safeParse(command).error?.issues[0].message).toBe(
      MESSAGING_TEXT.commandNeedsOperation,
    );
  });

  it('never sends a command to BOS, and SignOff only to POS', () => {
    expect(allowedDestinations('Command')).toEqual([]);
    expect(allowedDestinations('Command', 'SignOff')).toEqual(['POS']);
    expect(allowedDestinations('Command', 'MessageHistory')).toEqual(['messenger']);
    expect(allowedDestinations('Message')).toEqual(['POS', 'BOS']);
    const toBos = buildSiteMessage({
      type: 'Command',
      content: 'SignOff',
      destinations: ['BOS'],
      sites,
    });
    expect(siteMessageSchema.safeParse(toBos).success).toBe(false);
  });

  it('adds for= to the messenger query only when the period is not 0', () => {
    expect(messengerQuery(1, 2, 0)).toEqual({ c: '1', s: '2', d: 'em', test: 'true' });
    expect(messengerQuery(1, 2, 15)).toEqual({ c: '1', s: '2', d: 'em', test: 'true', for: '15' });
  });

  it('keeps only POS and BOS workstations', () => {
    const kept = [
      { id: '1', workstationType: 'POS' },
      { id: '2', workstationType: 'evoBOS' },
      { id: '3', workstationType: 'KIOSK' },
    ].filter(isPosOrBosWorkstation);
    expect(kept.map((w) => w.id)).toEqual(['1', '2']);
  });
});
