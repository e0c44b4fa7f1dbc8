import { ROUTES, SSO_PORTAL_ROUTE } from '@store-cloud/contracts';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AlertRulesPage } from '../features/alerts/AlertRulesPage';
import { AlertsPage } from '../features/alerts/AlertsPage';
import { BulkActionsPage } from '../features/bulk-actions/BulkActionsPage';
import { WebhooksPage } from '../features/alerts/WebhooksPage';
import { ApiTokensPage } from '../features/apitokens/ApiTokensPage';
import { AuditPage } from '../features/audit/AuditPage';
import { BACKUP_ROUTE } from '../features/backups/backup-routes';
import { CompaniesPage } from '../features/companies/CompaniesPage';
import { FunctionPage } from '../features/function/FunctionPage';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/login/LoginPage';
import { SsoCallbackPage } from '../features/login/SsoCallbackPage';
import { MediaPage } from '../features/media/MediaPage';
import { ProofOfPlayPage } from '../features/proof-of-play/ProofOfPlayPage';
import { MessagePage } from '../features/message/MessagePage';
import { SqlBackupPage } from '../features/sqlbackup/SqlBackupPage';
import { StatusPage } from '../features/status/StatusPage';
import { StorePage } from '../features/store/StorePage';
import { TimeoutPage } from '../features/timeout/TimeoutPage';
import { MfaEnrolPage } from '../features/users/MfaEnrolPage';
import { USER_ADMIN_ROUTES } from '../features/users/user-admin-routes';
import { RequireEntry, SignedInLayout } from './route-guards';
import { useScreenTitle } from './useScreenTitle';

export function AppRoutes() {
  useScreenTitle();
  return (
    <Routes>
      <Route index element={<LoginPage />} />
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path={SSO_PORTAL_ROUTE} element={<SsoCallbackPage />} />
      <Route path={ROUTES.mfaEnrol} element={<MfaEnrolPage />} />
      <Route element={<SignedInLayout />}>
        {USER_ADMIN_ROUTES}
        {BACKUP_ROUTE}
        <Route path={ROUTES.timeout} element={<TimeoutPage />} />
        <Route
          path={ROUTES.media}
          element={
            <RequireEntry entry="media">
              <MediaPage />
            </RequireEntry>
          }
        />
        <Route
          path={ROUTES.proofOfPlay}
          element={
            <RequireEntry entry="proofOfPlay">
              <ProofOfPlayPage />
            </RequireEntry>
          }
        />
        <Route path={ROUTES.home} element={<HomePage />} />
        <Route
          path={ROUTES.companies}
          element={
            <RequireEntry entry="companies">
              <CompaniesPage />
            </RequireEntry>
          }
        />
        <Route path={ROUTES.function(':id')} element={<FunctionPage />} />
        <Route
          path={ROUTES.message}
          element={
            <RequireEntry entry="message">
              <MessagePage />
            </RequireEntry>
          }
        />
        <Route
          path={ROUTES.bulkActions}
          element={
            <RequireEntry entry="bulkActions">
              <BulkActionsPage />
            </RequireEntry>
          }
        />
        <Route
          path={ROUTES.sqlbackup}
          element={
            <RequireEntry entry="sqlbackup">
              <SqlBackupPage />
            </RequireEntry>
          }
        />
        <Route path={ROUTES.store} element={<StorePage />} />
        <Route
          path={ROUTES.status}
          element={
            <RequireEntry entry="status">
              <StatusPage />
            </RequireEntry>
          }
        />
        <Route
          path={ROUTES.audit}
          element={
            <RequireEntry entry="audit">
              <AuditPage />
            </RequireEntry>
          }
        />
        <Route
          path={ROUTES.alerts}
          element={
            <RequireEntry entry="alerts">
              <AlertsPage />
            </RequireEntry>
          }
        />
        <Route
          path={ROUTES.alertRules}
          element={
            <RequireEntry entry="alertRules">
              <AlertRulesPage />
            </RequireEntry>
          }
        />
        <Route
          path={ROUTES.webhooks}
          element={
            <RequireEntry entry="webhooks">
              <WebhooksPage />
            </RequireEntry>
          }
        />
        <Route
          path={ROUTES.apiTokens}
          element={
            <RequireEntry entry="apiTokens">
              <ApiTokensPage />
            </RequireEntry>
          }
        />
        <Route path="*" element={<Navigate to={ROUTES.home} replace />} />
      </Route>
    </Routes>
  );
}
