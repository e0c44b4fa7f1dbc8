import { type Incident, ROUTES } from '@store-cloud/contracts';
import { Card, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useOpenIncidents } from '../../api/useIncidents';
import { IncidentBadge } from './IncidentBadge';
import { incidentBadgeTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

/**
 * Status (issue 26): the stores with open incidents, each with its badge and the incidents'
 * titles, above the online list (an offline store has no row there). Hidden while none is open.
 */
export function OpenIncidentsCard({
  names,
}: {
  names: (company: number, store: number) => { company: string; store: string };
}) {
  const incidentBadgeText = useTexts(incidentBadgeTextSet);
  const open = useOpenIncidents();
  const byStore = new Map<string, Incident[]>();
  for (const incident of open.data ?? []) {
    if (incident.storeId === null) continue;
    const key = `${incident.companyId}:${incident.storeId}`;
    byStore.set(key, [...(byStore.get(key) ?? []), incident]);
  }
  if (!byStore.size) return null;
  return (
    <Card className="mb-3 border-danger-subtle">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">{`${incidentBadgeText.statusCard} (${byStore.size})`}</h2>
        <Link to={ROUTES.alerts} className="small">
          {incidentBadgeText.allAlerts}
        </Link>
      </Card.Header>
      <ListGroup as="ul" variant="flush" aria-label={incidentBadgeText.statusCard}>
        {[...byStore.values()].map((incidents) => {
          const { companyId, storeId } = incidents[0]!;
          const named = names(companyId, storeId!);
          return (
            <ListGroup.Item as="li" key={`${companyId}:${storeId}`}>
              <div>
                {named.company} · {named.store}
                <IncidentBadge incidents={incidents} />
              </div>
              {incidents.map((i) => (
                <div key={i.id} className="small text-muted text-wrap-anywhere">
                  {i.title}
                </div>
              ))}
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </Card>
  );
}
