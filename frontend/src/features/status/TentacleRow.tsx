import { POPOVER_DELAY, type StorePingEntry } from '@store-cloud/contracts';
import { OverlayTrigger, Popover } from 'react-bootstrap';
import { IncidentBadge, type useStoreIncidents } from '../alerts/IncidentBadge';
import { when } from './status-format';
import type { Names } from './useStoreNames';

/** An online store; hovering or focusing it names its company and store in full. */
export function TentacleRow({
  entry,
  names,
  incidents,
}: {
  entry: StorePingEntry;
  names: Names;
  incidents: ReturnType<typeof useStoreIncidents>;
}) {
  const { company, store } = entry.enterprise;
  const named = names(company, store);
  const popover = (
    <Popover id={`tentacle-${company}-${store}`}>
      <Popover.Body>
        <div>{named.company}</div>
        <div>{named.store}</div>
      </Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger
      trigger={['hover', 'focus']}
      placement="top"
      delay={POPOVER_DELAY}
      overlay={popover}
    >
      <tr className={entry.noPingCounter > 0 ? 'table-warning' : undefined} tabIndex={0}>
        <td>{named.company}</td>
        <td>
          {named.store}
          <IncidentBadge incidents={incidents(company, store)} />
        </td>
        <td>{when(entry.datetime)}</td>
        <td>{entry.tentacleVersion}</td>
      </tr>
    </OverlayTrigger>
  );
}
