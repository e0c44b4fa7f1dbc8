import {
  type MessageQueueItem,
  type PortalConnection,
  type SiteLoginRequestEntry,
} from '@store-cloud/contracts';
import { Button } from 'react-bootstrap';
import { type siteLabelsSet } from '../../i18n/sets/common';
import { type TextsOf } from '../../i18n/text-set';
import { Breakable } from '../../ui/Breakable';
import type { Column } from '../../ui/ItemTable';
import { IncidentBadge, type useStoreIncidents } from '../alerts/IncidentBadge';
import { when } from './status-format';
import type { Names } from './useStoreNames';

/** The site labels in the page's language (the lists' headers and the close button). */
export type SiteTexts = TextsOf<typeof siteLabelsSet>;

interface AtStore {
  company: number;
  store: number;
  user: string;
}

/** Company, store and user: the columns the connections and socket lists share. */
function storeUserColumns<T extends AtStore>(
  L: SiteTexts,
  names: Names,
  incidents?: ReturnType<typeof useStoreIncidents>,
): Column<T>[] {
  return [
    {
      header: L.company,
      cell: (c) => names(c.company, c.store).company,
      sort: { id: 'company', value: (c) => names(c.company, c.store).company },
    },
    {
      header: L.store,
      cell: (c) => (
        <>
          {names(c.company, c.store).store}
          {incidents && <IncidentBadge incidents={incidents(c.company, c.store)} />}
        </>
      ),
      sort: { id: 'store', value: (c) => names(c.company, c.store).store },
    },
    {
      header: L.user,
      cell: (c) => <Breakable text={c.user} />,
      sort: { id: 'user', value: (c) => c.user },
    },
  ];
}

export function connectionColumns(
  L: SiteTexts,
  names: Names,
  incidents: ReturnType<typeof useStoreIncidents>,
  onClose: (c: PortalConnection) => void,
): Column<PortalConnection>[] {
  return [
    ...storeUserColumns<PortalConnection>(L, names, incidents),
    {
      header: L.lastAccessed,
      cell: (c) => when(c.lastAccessed),
      hideBelow: 'md',
      sort: { id: 'accessed', value: (c) => c.lastAccessed },
    },
    {
      header: '',
      label: L.closeConnection,
      className: 'text-end',
      cell: (c) => (
        <Button
          variant="link"
          size="sm"
          className="text-danger p-0"
          title={L.closeConnection}
          aria-label={L.closeConnection}
          onClick={() => onClose(c)}
        >
          <i className="bi bi-x-circle" aria-hidden="true" />
        </Button>
      ),
    },
  ];
}

export const socketColumns = (L: SiteTexts, names: Names) =>
  storeUserColumns<SiteLoginRequestEntry>(L, names);

export const queueColumns = (L: SiteTexts): Column<MessageQueueItem>[] => [
  { header: L.id, cell: (m) => m.id, hideBelow: 'md', sort: { id: 'id', value: (m) => m.id } },
  {
    header: L.query,
    cell: (m) => m.query,
    className: 'text-break',
    sort: { id: 'query', value: (m) => m.query },
  },
  {
    header: L.time,
    cell: (m) => when(m.datetime),
    hideBelow: 'sm',
    sort: { id: 'time', value: (m) => m.datetime },
  },
  {
    header: L.url,
    cell: (m) => <Breakable text={m.url} />,
    sort: { id: 'url', value: (m) => m.url },
  },
];
