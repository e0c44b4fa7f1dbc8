import {
  classifySqlBackupInstallation,
  countSqlBackupOutcomes,
  latestSqlBackupRun,
  SQL_BACKUP_LABELS,
  SQL_BACKUP_OUTCOME_LABEL,
  SQL_BACKUP_STALE_LABEL,
  SQL_BACKUP_STALE_REASON_TEXT,
  SQL_BACKUP_TEXT,
  type StoredSqlBackupInstallation,
} from '@store-cloud/contracts';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Modal, Table } from 'react-bootstrap';
import { useSqlBackupInstallations } from '../../api/useSqlBackup';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { StatusBadge } from '../../ui/StatusBadge';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import {
  FILTER_LABEL,
  FILTERS,
  Filter,
  VARIANT,
  matches,
  rowKey,
  useCompanyNames,
  when,
} from './sql-backup-filters';
const LIGHT_TONES = new Set(['warning', 'info']);

/**
 * Site SQL Backup Installations Status (spec §2): coloured count buttons that filter the table,
 * the table (name, started, finished, result with its store and company; name and result only on
 * small screens), and a row's installation as formatted JSON in a dialog.
 */
export function SqlBackupPage() {
  const installations = useSqlBackupInstallations();
  const companyNames = useCompanyNames();
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  const [filter, setFilter] = useState<Filter>('all');
  const [open, setOpen] = useState<StoredSqlBackupInstallation | null>(null);

  useEffect(() => {
    if (installations.isError) notify.error(SQL_BACKUP_TEXT.title, SQL_BACKUP_TEXT.loadFailedToast);
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

  let body;
  if (installations.isPending) {
    body = <LoadingSpinner label={SQL_BACKUP_LABELS.loading} />;
  } else if (installations.isError) {
    body = <Alert variant="danger">{SQL_BACKUP_TEXT.loadFailed}</Alert>;
  } else if (!shown.length) {
    body = <p className="text-muted">{SQL_BACKUP_TEXT.noData}</p>;
  } else {
    body = (
      <Table hover size="sm" responsive aria-label={SQL_BACKUP_LABELS.installations}>
        <thead>
          <tr>
            {large && <th>{SQL_BACKUP_LABELS.company}</th>}
            {large && <th>{SQL_BACKUP_LABELS.store}</th>}
            <th>{SQL_BACKUP_LABELS.name}</th>
            {large && <th>{SQL_BACKUP_LABELS.started}</th>}
            {large && <th>{SQL_BACKUP_LABELS.finished}</th>}
            <th>{SQL_BACKUP_LABELS.result}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((installation) => {
            const outcome = classifySqlBackupInstallation(installation);
            const run = latestSqlBackupRun(installation);
            const choose = () => setOpen(installation);
            return (
              <tr
                key={rowKey(installation)}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                onClick={choose}
                onKeyDown={(e: KeyboardEvent) => {
                  if (e.key === 'Enter') choose();
                }}
              >
                {large && (
                  <td>{companyNames.get(installation.CompanyId) ?? installation.CompanyId}</td>
                )}
                {large && <td>{installation.StoreName ?? installation.StoreId}</td>}
                <td>
                  {installation.Name}
                  {installation.staleReason && (
                    <Badge
                      bg={VARIANT.stale}
                      text="dark"
                      className="ms-2"
                      title={SQL_BACKUP_STALE_REASON_TEXT[installation.staleReason]}
                    >
                      {SQL_BACKUP_STALE_LABEL}
                    </Badge>
                  )}
                </td>
                {large && <td>{when(run?.StartedAt)}</td>}
                {large && <td>{when(run?.FinishedAt)}</td>}
                <td>
                  <StatusBadge tone={VARIANT[outcome]}>
                    {SQL_BACKUP_OUTCOME_LABEL[outcome]}
                  </StatusBadge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    );
  }

  return (
    <section>
      <h1 className="h4 mb-3">{SQL_BACKUP_TEXT.title}</h1>
      <ButtonGroup className="flex-wrap mb-3" aria-label={SQL_BACKUP_LABELS.filter}>
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
              ? SQL_BACKUP_LABELS.countButton(FILTER_LABEL[f], counts[f])
              : SQL_BACKUP_LABELS.countLoading(FILTER_LABEL[f])}
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
        <Modal.Header closeButton closeLabel={SQL_BACKUP_LABELS.close}>
          <Modal.Title as="h2" className="h5" id="sqlbackup-details-title">
            {open && SQL_BACKUP_LABELS.details(open.Name)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <pre className="mb-0">{open && JSON.stringify(open, null, 2)}</pre>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setOpen(null)}>
            {SQL_BACKUP_LABELS.close}
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
