import { ROUTES } from '@store-cloud/contracts';
import { Route } from 'react-router-dom';
import { RequireEntry } from '../../app/route-guards';
import { BackupPage } from './BackupPage';

/** Server backup (spec §2 /evoConnectBackup): SUPER-ADMIN with the backup app (spec §6). */
export const BACKUP_ROUTE = (
  <Route
    key={ROUTES.backup}
    path={ROUTES.backup}
    element={
      <RequireEntry entry="backup">
        <BackupPage />
      </RequireEntry>
    }
  />
);
