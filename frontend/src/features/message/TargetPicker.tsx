import {
  canUse,
  ONLINE_STATE,
  ONLINE_STATES,
  type OnlineState,
  type PortalCompany,
  siteKey,
  storeStateName,
  type TargetSite,
} from '@store-cloud/contracts';
import { useMemo, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { mediaQueries } from '../../api/media.queries';
import { useSession } from '../../auth/useSession';
import { bulkActionsTextSet } from '../../i18n/sets/bulk';
import { companyLabelsSet, storeStateSet } from '../../i18n/sets/common';
import { messagingLabelsSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { type Column, ItemTable } from '../../ui/ItemTable';
import { SearchBox } from '../../ui/SearchBox';
import {
  filterTargets,
  shownState,
  type TargetFilter,
  type TargetRow,
  tagChoices,
} from './target-filter';

/** The store tags by siteKey; only for a user who may read the media companies (else none). */
function useStoreTags() {
  const user = useSession();
  const media = useQuery({
    ...mediaQueries.companies(),
    enabled: user ? canUse('media', user) : false,
  });
  return useMemo(() => {
    const map = new Map<string, string[]>();
    for (const c of media.data ?? [])
      for (const s of c.stores)
        map.set(siteKey({ companyId: c.companyId, storeId: s.storeId }), s.tags);
    return map;
  }, [media.data]);
}

const toTarget = ({ companyId, companyName, storeId, storeName }: TargetRow): TargetSite => ({
  companyId,
  companyName,
  storeId,
  storeName,
});

/**
 * By Site (issue 30): every store of the user's companies, narrowed by company, tag, online state
 * and search; a checkbox per store and one for all the stores shown.
 */
export function TargetPicker({
  companies,
  isTarget,
  onToggle,
  onSetMany,
}: {
  companies: readonly PortalCompany[];
  isTarget: (site: TargetSite) => boolean;
  onToggle: (site: TargetSite) => void;
  /** Adds (`on`) or removes every one of `sites`. */
  onSetMany: (sites: TargetSite[], on: boolean) => void;
}) {
  const L = useTexts(messagingLabelsSet);
  const C = useTexts(companyLabelsSet);
  const B = useTexts(bulkActionsTextSet);
  const storeStates = useTexts(storeStateSet);
  const tags = useStoreTags();
  const single = companies.length === 1 ? companies[0]!.companyId : null;
  const [filter, setFilter] = useState<TargetFilter>({
    companyId: single,
    tag: '',
    online: ONLINE_STATE.any,
    search: '',
  });
  const set = (part: Partial<TargetFilter>) => setFilter((f) => ({ ...f, ...part }));
  const rows = useMemo(() => filterTargets(companies, filter, tags), [companies, filter, tags]);
  const tagList = useMemo(
    () => tagChoices(companies, filter.companyId, tags),
    [companies, filter.companyId, tags],
  );
  const state = shownState(rows, isTarget);

  const columns: Column<TargetRow>[] = [
    {
      label: L.selectAllShown(rows.length),
      header: (
        <Form.Check
          id="targets-all-shown"
          aria-label={L.selectAllShown(rows.length)}
          checked={state === 'all'}
          ref={(box: HTMLInputElement | null) => {
            // Some chosen: the box says so (a DOM property, no attribute for it).
            if (box) box.indeterminate = state === 'some';
          }}
          disabled={!rows.length}
          onChange={() => onSetMany(rows.map(toTarget), state !== 'all')}
        />
      ),
      cell: (r) => (
        <Form.Check
          id={`target-${r.key}`}
          aria-label={L.selectStore(r.storeName, r.key)}
          checked={isTarget(r)}
          onChange={() => onToggle(toTarget(r))}
        />
      ),
    },
    { header: C.storeId, cell: (r) => r.storeId, className: 'text-nowrap' },
    { header: C.storeName, cell: (r) => r.storeName },
    { header: C.companyName, cell: (r) => r.companyName, hideBelow: 'md' },
    { header: L.storeState, cell: (r) => storeStates[storeStateName(r.status)], hideBelow: 'sm' },
  ];

  return (
    <>
      <fieldset className="row g-2 mb-2" aria-label={L.filters}>
        {companies.length > 1 && (
          <Form.Group className="col-sm-6 col-xl-3" controlId="targets-company">
            <Form.Label className="small mb-0">{L.filterCompany}</Form.Label>
            <Form.Select
              size="sm"
              value={filter.companyId ?? ''}
              onChange={(e) =>
                set({ companyId: e.target.value ? Number(e.target.value) : null, tag: '' })
              }
            >
              <option value="">{L.allCompanies}</option>
              {companies.map((c) => (
                <option key={c.companyId} value={c.companyId}>
                  {c.companyName} ({c.companyId})
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {tagList.length > 0 && (
          <Form.Group className="col-sm-6 col-xl-3" controlId="targets-tag">
            <Form.Label className="small mb-0">{L.filterTag}</Form.Label>
            <Form.Select
              size="sm"
              value={filter.tag}
              onChange={(e) => set({ tag: e.target.value })}
            >
              <option value="">{L.anyTag}</option>
              {tagList.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group className="col-sm-6 col-xl-3" controlId="targets-online">
          <Form.Label className="small mb-0">{L.filterOnline}</Form.Label>
          <Form.Select
            size="sm"
            value={filter.online}
            onChange={(e) => set({ online: e.target.value as OnlineState })}
          >
            {ONLINE_STATES.map((o) => (
              <option key={o} value={o}>
                {B.onlineLabel[o]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-sm-6 col-xl-3 d-flex align-items-end">
          <SearchBox
            className="form-control-sm"
            label={C.search}
            value={filter.search}
            onChange={(search) => set({ search })}
          />
        </div>
      </fieldset>
      <ItemTable
        label={L.stores}
        rows={rows}
        columns={columns}
        rowKey={(r) => r.key}
        maxHeight={600}
        empty={<p className="text-muted">{L.noStoresMatch}</p>}
      />
    </>
  );
}
