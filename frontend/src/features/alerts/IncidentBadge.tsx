import { type Incident } from '@store-cloud/contracts';
import { useMemo } from 'react';
import { Badge } from 'react-bootstrap';
import { useOpenIncidents } from '../../api/useIncidents';
import { alertKindLabelSet, incidentBadgeTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

const NONE: Incident[] = [];

/**
 * The open incidents by store, for the lists of Home and Status: one query for every open
 * incident the user sees, joined to the store rows here, so the lists cost no call per store.
 */
export function useStoreIncidents(): (companyId: number, storeId: number) => Incident[] {
  const open = useOpenIncidents();
  return useMemo(() => {
    const byStore = new Map<string, Incident[]>();
    for (const incident of open.data ?? []) {
      if (incident.storeId === null) continue;
      const key = `${incident.companyId}:${incident.storeId}`;
      byStore.set(key, [...(byStore.get(key) ?? []), incident]);
    }
    return (companyId, storeId) => byStore.get(`${companyId}:${storeId}`) ?? NONE;
  }, [open.data]);
}

/** A red badge beside a store with an open incident, naming its kinds. */
export function IncidentBadge({ incidents }: { incidents: Incident[] }) {
  const incidentBadgeText = useTexts(incidentBadgeTextSet);
  const alertKindLabel = useTexts(alertKindLabelSet);
  if (!incidents.length) return null;
  const kinds = [...new Set(incidents.map((i) => alertKindLabel[i.kind]))].join(', ');
  const label = incidentBadgeText.label(kinds);
  return (
    <Badge bg="danger" className="ms-2" title={label} role="img" aria-label={label}>
      <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
      {incidents.length > 1 && <span className="ms-1">{incidents.length}</span>}
    </Badge>
  );
}
