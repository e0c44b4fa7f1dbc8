import { DATE_FORMAT_STATUS, type Incident, ROUTES } from '@store-cloud/contracts';
import { format } from 'date-fns';
import { Button, ButtonGroup, Dropdown, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useAcknowledgeIncident, useMuteIncident } from '../../api/useIncidents';
import { notify } from '../../ui/notify';
import type { Names } from './useNames';
import { alertKindLabelSet, alertsTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

const when = (iso: string | null) => (iso ? format(new Date(iso), DATE_FORMAT_STATUS) : '');

/** Acknowledge and "Mute for …" of one open incident. */
function IncidentActions({ incident }: { incident: Incident }) {
  const alertsText = useTexts(alertsTextSet);
  const ack = useAcknowledgeIncident();
  const mute = useMuteIncident();
  const fail = (message: string) => () => notify.error(alertsText.toast.title, message);
  return (
    <div className="d-flex flex-wrap gap-1 justify-content-end">
      {!incident.acknowledgedAt && (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={ack.isPending}
          onClick={() => ack.mutate(incident.id, { onError: fail(alertsText.toast.ackError) })}
        >
          {alertsText.acknowledge}
        </Button>
      )}
      <Dropdown as={ButtonGroup} align="end">
        <Dropdown.Toggle
          size="sm"
          variant="outline-secondary"
          id={`mute-${incident.id}`}
          disabled={mute.isPending}
        >
          {alertsText.mute}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {alertsText.muteOptions.map((option) => (
            <Dropdown.Item
              key={option.minutes}
              as="button"
              onClick={() =>
                mute.mutate(
                  { id: incident.id, minutes: option.minutes },
                  { onError: fail(alertsText.toast.muteError) },
                )
              }
            >
              {`${alertsText.muteFor} ${option.label}`}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}

/** Acknowledged by whom, muted until when. */
function IncidentStatus({ incident }: { incident: Incident }) {
  const alertsText = useTexts(alertsTextSet);
  const muted = incident.mutedUntil && new Date(incident.mutedUntil) > new Date();
  return (
    <>
      {incident.acknowledgedBy && (
        <div className="small">{alertsText.acknowledgedBy(incident.acknowledgedBy)}</div>
      )}
      {muted && (
        <div className="small text-muted">{alertsText.mutedUntil(when(incident.mutedUntil))}</div>
      )}
    </>
  );
}

/**
 * Open incidents (with their actions) or resolved ones (with when they resolved), each with its
 * kind, its title and a link to its store (or its company where it has no store).
 */
export function IncidentTable({
  incidents,
  names,
  label,
  open,
  busy,
}: {
  incidents: Incident[];
  names: Names;
  label: string;
  open: boolean;
  busy?: boolean;
}) {
  const alertsText = useTexts(alertsTextSet);
  const alertKindLabel = useTexts(alertKindLabelSet);
  return (
    <Table hover size="sm" responsive className="mb-0" aria-label={label} aria-busy={busy}>
      <thead>
        <tr>
          <th>{alertsText.what}</th>
          <th>{alertsText.where}</th>
          <th>{alertsText.opened}</th>
          {open ? <th>{alertsText.status}</th> : <th>{alertsText.resolved}</th>}
          {open && <th className="text-end">{alertsText.actions}</th>}
        </tr>
      </thead>
      <tbody>
        {incidents.map((incident) => {
          const store =
            incident.storeId === null ? null : names.store(incident.companyId, incident.storeId);
          return (
            <tr key={incident.id}>
              <td>
                <div className="text-wrap-anywhere">{incident.title}</div>
                <div className="small text-muted">{alertKindLabel[incident.kind]}</div>
              </td>
              <td>
                <div>{names.company(incident.companyId)}</div>
                <Link
                  className="small"
                  to={ROUTES.homeStore(incident.companyId, incident.storeId)}
                  aria-label={store ? alertsText.openStore(store) : undefined}
                >
                  {store ?? names.company(incident.companyId)}
                </Link>
              </td>
              <td className="text-nowrap">{when(incident.openedAt)}</td>
              <td className={open ? undefined : 'text-nowrap'}>
                {open ? <IncidentStatus incident={incident} /> : when(incident.resolvedAt)}
              </td>
              {open && (
                <td className="text-end">
                  <IncidentActions incident={incident} />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
