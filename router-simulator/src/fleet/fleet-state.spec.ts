import { DEMO_FLEET, simulatedFleetSchema } from '@store-cloud/contracts';
import { FleetState } from './fleet-state';

describe('FleetState', () => {
  it('starts with every store online', () => {
    const state = new FleetState(DEMO_FLEET);
    expect(state.companyCount).toBe(3);
    expect(state.storeCount).toBe(7);
    const stores = state.view().companies.flatMap((c) => c.stores);
    expect(stores.every((s) => s.online)).toBe(true);
  });

  it('shows the fleet without site credentials', () => {
    const view = new FleetState(DEMO_FLEET).view();
    expect(simulatedFleetSchema.strict().safeParse(view).success).toBe(true);
    const text = JSON.stringify(view);
    expect(text).not.toContain('siteCredentials');
    for (const company of DEMO_FLEET.companies) {
      for (const store of company.stores)
        expect(text).not.toContain(store.siteCredentials.password);
    }
  });

  it('takes one store offline and back online', () => {
    const state = new FleetState(DEMO_FLEET);
    expect(state.setOnline(101, 2, false)).toEqual({ companyId: 101, storeId: 2, online: false });
    expect(state.isOnline(101, 2)).toBe(false);
    expect(state.isOnline(101, 1)).toBe(true);
    expect(state.isOnline(202, 2)).toBe(true);
    expect(state.setOnline(101, 2, true)).toEqual({ companyId: 101, storeId: 2, online: true });
    expect(state.isOnline(101, 2)).toBe(true);
  });

  it('knows nothing of stores outside the fleet', () => {
    const state = new FleetState(DEMO_FLEET);
    expect(state.setOnline(101, 99, false)).toBeUndefined();
    expect(state.isOnline(101, 99)).toBe(false);
  });
});
