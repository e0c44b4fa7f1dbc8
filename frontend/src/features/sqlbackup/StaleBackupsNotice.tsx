import { canUse, ROUTES } from '@store-cloud/contracts';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useSqlBackupInstallations } from '../../api/useSqlBackup';
import { useSession } from '../../auth/useSession';
import { menuLabelsSet } from '../../i18n/sets/common';
import { sqlBackupStaleSet } from '../../i18n/sets/sqlbackup';
import { useTexts } from '../../i18n/useTexts';

/**
 * The stale SQL backups marker on Status and Home (issue 17 point 4): for the users who may open
 * the SQL backup dashboard (the admin types), a warning with the count and a link to it. Nothing
 * while loading, on a failure (the dashboard reports those) or when none is stale.
 */
export function StaleBackupsNotice() {
  const staleText = useTexts(sqlBackupStaleSet);
  const menuLabels = useTexts(menuLabelsSet);
  const session = useSession();
  const allowed = session !== null && canUse('sqlbackup', session);
  const installations = useSqlBackupInstallations(allowed);
  const stale = (installations.data ?? []).filter((i) => i.stale).length;
  if (!allowed || stale === 0) return null;
  return (
    <Alert variant="warning" className="py-2" data-testid="stale-sqlbackups">
      <i className="bi bi-hdd-stack me-2" aria-hidden="true" />
      {staleText.notice(stale)}{' '}
      <Alert.Link as={Link} to={ROUTES.sqlbackup}>
        {menuLabels.sqlbackup}
      </Alert.Link>
    </Alert>
  );
}
