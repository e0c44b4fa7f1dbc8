import { countSqlBackupOutcomes, type StoredSqlBackupInstallation } from '@store-cloud/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, ButtonGroup, Modal } from 'react-bootstrap';
import { useSqlBackupInstallations } from '../../api/useSqlBackup';
import {
  sqlBackupLabelsSet,
  sqlBackupOutcomeLabelSet,
  sqlBackupStaleSet,
  sqlBackupTextSet,
} from '../../i18n/sets/sqlbackup';
import { useTexts } from '../../i18n/useTexts';
import { clickable } from '../../ui/clickable';
import { ItemTable } from '../../ui/ItemTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import {
  FILTERS,
  Filter,
  VARIANT,
  matches,
  rowKey,
  useCompanyNames,
  useFilterLabels,
} from './sql-backup-filters';
import { installationColumns } from './installation-columns';

const LIGHT_TONES = new Set(['warning', 'info']);
/** A long list scrolls in its own region, which renders only the rows in view. */
const LIST_MAX_HEIGHT = '70vh';
/**
 * Site SQL Backup Installations Status (spec §2): coloured count buttons that filter the table,
 * the table (name, started, finished, result with its store and company; name and result only on
 * small screens; sortable, the sort in the URL; a Not Run row has no times), and a row's
 * installation as formatted JSON in a dialog.
 */
export function SqlBackupPage() {
  const text = useTexts(sqlBackupTextSet);
  const labels = useTexts(sqlBackupLabelsSet);
  const outcomes = useTexts(sqlBackupOutcomeLabelSet);
  const stale = useTexts(sqlBackupStaleSet);
  const filterLabel = useFilterLabels();
  const installations = useSqlBackupInstallations();
  const companyNames = useCompanyNames();
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  const [filter, setFilter] = useState<Filter>('all');
  const [open, setOpen] = useState<StoredSqlBackupInstallation | null>(null);

  useEffect(() => {
    if (installations.isError) notify.error(text.title, text.loadFailedToast);
    // The toast says it once, in the language of the moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [installations.isError]);

  const data = useMemo(() => installations.data ?? [], [installations.data]);
  const counts = useMemo(
    () => ({ ...countSqlBackupOutcomes(data), stale: data.filter((i) => i.stale).length }),
    [data],
  );
  const shown = useMemo(
    () => data.filter((installation) => matches(filter, installation)),
    [data, filter],
  );

  const columns = useMemo(
    () => installationColumns(companyNames, { labels, outcomes, stale }),
    [companyNames, labels, outcomes, stale],
  );

  let body;
  if (installations.isPending) {
    body = <LoadingSpinner label={labels.loading} />;
  } else if (installations.isError) {
    body = <Alert variant="danger">{text.loadFailed}</Alert>;
  } else {
    body = (
      <ItemTable
        label={labels.installations}
        rows={shown}
        rowKey={rowKey}
        rowProps={(installation) => clickable(() => setOpen(installation))}
        columns={large ? columns : columns.filter((c) => !c.wide)}
        sortParam="sort"
        maxHeight={LIST_MAX_HEIGHT}
        empty={<p className="text-muted">{text.noData}</p>}
      />
    );
  }

  return (
    <section>
      <h1 className="h4 mb-3">{text.title}</h1>
      <ButtonGroup className="flex-wrap mb-3" aria-label={labels.filter}>
        {FILTERS.map((f) => (
          <Button
            key={f}
            variant={filter === f ? VARIANT[f] : `outline-${VARIANT[f]}`}
            // Yellow or light-blue text on white is unreadable: unpressed, those write in their dark
            // emphasis shade.
            className={
              filter !== f && LIGHT_TONES.has(VARIANT[f])
                ? `text-${VARIANT[f]}-emphasis`
                : undefined
            }
            aria-pressed={filter === f}
            aria-busy={installations.isPending}
            onClick={() => setFilter(f)}
          >
            {installations.isSuccess
              ? labels.countButton(filterLabel[f], counts[f])
              : labels.countLoading(filterLabel[f])}
          </Button>
        ))}
      </ButtonGroup>
      {body}
      <Modal
        show={open !== null}
        onHide={() => setOpen(null)}
        size="lg"
        scrollable
        aria-labelledby="sqlbackup-details-title"
      >
        <Modal.Header closeButton closeLabel={labels.close}>
          <Modal.Title as="h2" className="h5" id="sqlbackup-details-title">
            {open && labels.details(open.Name)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <pre className="mb-0">{open && JSON.stringify(open, null, 2)}</pre>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setOpen(null)}>
            {labels.close}
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
