import {
  BULK_CSV_HEADER,
  bulkCounts,
  bulkResultsCsv,
  bulkSelectionFormSchema,
  createBulkActionSchema,
  failedStores,
  type BulkStoreResult,
} from './bulk-actions';

const result = (
  storeId: number,
  state: BulkStoreResult['state'],
  reason: string | null = null,
) => ({
  companyId: 101,
  companyName: 'Northway, "Fuels"',
  storeId,
  storeName: `Store ${storeId}`,
  state,
  reason,
  at: null,
});

describe('bulk actions', () => {
  it('counts every state, and retries only the failed stores', () => {
    const results = [result(1, 'acknowledged'), result(2, 'failed'), result(3, 'unknown')];
    expect(bulkCounts(results)).toEqual({
      queued: 0,
      held: 0,
      delivered: 0,
      acknowledged: 1,
      failed: 1,
      unknown: 1,
    });
    expect(failedStores(results).map((r) => r.storeId)).toEqual([2]);
  });

  it('writes CSV with quoted cells and no spreadsheet formulas', () => {
    const csv = bulkResultsCsv([result(2, 'failed', '=cmd|x'), result(3, 'held')]);
    expect(csv.split('\r\n')).toEqual([
      BULK_CSV_HEADER.join(','),
      `101,"Northway, ""Fuels""",2,Store 2,failed,'=cmd|x,`,
      `101,"Northway, ""Fuels""",3,Store 3,held,,`,
      '',
    ]);
  });

  it('reads the selection form: one or many companies, tags from one line', () => {
    expect(
      bulkSelectionFormSchema.parse({
        name: 'x',
        companyIds: '101',
        tags: ' a, b,a ,',
        online: 'any',
      }),
    ).toEqual({ name: 'x', companyIds: [101], tags: ['a', 'b'], online: 'any' });
    expect(
      bulkSelectionFormSchema.parse({ name: 'x', companyIds: false, tags: '', online: 'online' }),
    ).toMatchObject({ companyIds: [], tags: [] });
    expect(
      bulkSelectionFormSchema.safeParse({ name: ' ', companyIds: [], tags: '', online: 'any' })
        .success,
    ).toBe(false);
  });

  it('sends to a saved selection or to named stores, not both', () => {
    const message = {
      id: '3f2b8a1e-6c1d-4f7a-9a57-1d2e3f4a5b6c',
      dateTime: '2026-11-20T09:59:00.000Z',
      type: 'Message',
      source: 'EvoConnect',
      locations: ['101-1'],
      destinations: ['POS'],
      payload: { content: 'hi' },
    };
    const stores = [{ companyId: 101, storeId: 1 }];
    const selectionId = 'a'.repeat(24);
    expect(createBulkActionSchema.safeParse({ message, stores }).success).toBe(true);
    expect(createBulkActionSchema.safeParse({ message, selectionId }).success).toBe(true);
    expect(createBulkActionSchema.safeParse({ message }).success).toBe(false);
    expect(createBulkActionSchema.safeParse({ message, stores, selectionId }).success).toBe(false);
  });
});
