import { canUse, MENU_LABELS, ROUTES, sqlBackupStaleNotice } from '@store-cloud/contracts';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useSqlBackupInstallations } from '../../api/useSqlBackup';
import { useSession } from '../../auth/useSession';

/**
 * The stale SQL backups marker on Status and Home (issue 17 point 4): for the users who may open
 * the SQL backup dashboard (the admin types), a warning with the count and a link to it. Nothing
 * while loading, on a failure (the dashboard reports those) or when none is stale.
 */
export function StaleBackupsNotice() {
  const session = useSession();
  const allowed = session !== null && canUse('sqlbackup', session);
  const installations = useSqlBackupInstallations(allowed);
  const stale = (installations.data ?? []).filter((i) => i.stale).length;
  if (!allowed || stale === 0) return null;
  return (
    <Alert variant="warning" className="py-2" data-testid="stale-sqlbackups">
      <i className="bi bi-hdd-stack me-2" aria-hidden="true" />
      {sqlBackupStaleNotice(stale)}{' '}
      <Alert.Link as={Link} to={ROUTES.sqlbackup}>
        {MENU_LABELS.sqlbackup}
      </Alert.Link>
    </Alert>
  );
}
