import { POPOVER_DELAY, type StorePingEntry } from '@store-cloud/contracts';
import type { ReactElement } from 'react';
import { OverlayTrigger, Popover } from 'react-bootstrap';
import type { Column } from '../../ui/ItemTable';
import { IncidentBadge, type useStoreIncidents } from '../alerts/IncidentBadge';
import { type SiteTexts } from './status-columns';
import { when } from './status-format';
import type { Names } from './useStoreNames';

/** The online stores' columns; Last Contact is the first to go on a phone. */
export function tentacleColumns(
  L: SiteTexts,
  names: Names,
  incidents: ReturnType<typeof useStoreIncidents>,
): Column<StorePingEntry>[] {
  const named = (e: StorePingEntry) => names(e.enterprise.company, e.enterprise.store);
  return [
    {
      header: L.company,
      cell: (e) => named(e).company,
      sort: { id: 'company', value: (e) => named(e).company },
    },
    {
      header: L.store,
      cell: (e) => (
        <>
          {named(e).store}
          <IncidentBadge incidents={incidents(e.enterprise.company, e.enterprise.store)} />
        </>
      ),
      sort: { id: 'store', value: (e) => named(e).store },
    },
    {
      header: L.lastContact,
      cell: (e) => when(e.datetime),
      hideBelow: 'md',
      sort: { id: 'contact', value: (e) => e.datetime },
    },
    {
      header: L.version,
      cell: (e) => e.tentacleVersion,
      sort: { id: 'version', value: (e) => e.tentacleVersion },
    },
  ];
}

/** A store that missed pings is highlighted; the row takes focus for its popover. */
export const tentacleRowProps = (entry: StorePingEntry) => ({
  className: entry.noPingCounter > 0 ? 'table-warning' : undefined,
  tabIndex: 0,
});

/** Hovering or focusing an online store names its company and store in full. */
export function withTentaclePopover(names: Names) {
  return function TentaclePopover(entry: StorePingEntry, tr: ReactElement) {
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
        key={`${company}:${store}`}
        trigger={['hover', 'focus']}
        placement="top"
        delay={POPOVER_DELAY}
        overlay={popover}
      >
        {tr}
      </OverlayTrigger>
    );
  };
}
