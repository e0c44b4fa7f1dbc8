import { AUDIT_ACTIONS } from './audit';
import {
  AUDIT_PHRASE,
  auditValueText,
  describeAuditChange,
  describeAuditEntry,
} from './audit-phrases';

const entry = {
  actor: 'Ann',
  action: 'site.close',
  targetType: 'store' as const,
  target: '7/12',
  changes: [{ field: 'connectedBy', before: 'Bob', after: undefined }],
};

describe('audit phrases', () => {
  it('says in words who did what to whom', () => {
    expect(describeAuditEntry(entry, 'Harbour Road')).toBe(
      'Ann closed the connection of Bob to the store Harbour Road',
    );
    expect(describeAuditEntry({ ...entry, action: 'site.logout', changes: [] })).toBe(
      'Ann signed out of the site of 7/12',
    );
    expect(
      describeAuditEntry({
        ...entry,
        action: 'backup.restore',
        targetType: 'backup',
        target: 'b1',
        changes: [],
        details: { server: 'Main' },
      }),
    ).toBe('Ann restored the backup b1 to Main');
  });

  it('has a phrase for every action, none showing a raw action code', () => {
    for (const action of AUDIT_ACTIONS) {
      const phrase = (AUDIT_PHRASE[action] as (a: string, t: string) => string)('Ann', 'X');
      expect(phrase).not.toContain(action);
    }
    expect(describeAuditEntry({ ...entry, action: 'unknown.thing', changes: [] })).toBe(
      'Ann made a change to the store 7/12',
    );
  });

  it('gives each field as label, before and after in words', () => {
    expect(describeAuditChange({ field: 'connectedBy', before: 'Bob' })).toEqual({
      label: 'Connected by',
      before: 'Bob',
      after: 'none',
    });
    expect(describeAuditChange({ field: 'enabled', before: false, after: true })).toEqual({
      label: 'Enabled',
      before: 'no',
      after: 'yes',
    });
    expect(auditValueText({ startTime: '08:00', weekdays: [1, 2] })).toBe(
      'Start time 08:00; Weekdays 1, 2',
    );
    expect(auditValueText('{"content":"Hello","urgent":true}')).toBe('Content Hello; Urgent yes');
    expect(auditValueText('{not json')).toBe('{not json');
  });
});
