import {
  type ApiToken,
  API_TOKEN_SCOPE_LABEL,
  API_TOKENS_TEXT,
  type CreatedApiToken,
  DATE_FORMAT_STATUS,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { useState } from 'react';
import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { useApiTokens, useRevokeApiToken } from '../../api/useApiTokens';
import { useCompaniesForUser } from '../../api/useCompanies';
import { useSession } from '../../auth/useSession';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { ApiTokenModal, ApiTokenShownOnce } from './ApiTokenModal';

const T = API_TOKENS_TEXT;
const when = (iso: string | null) => (iso ? format(new Date(iso), DATE_FORMAT_STATUS) : T.never);

/** now: when the screen opened (a render stays pure; the list refreshes on every change). */
function StateBadge({ token, now }: { token: ApiToken; now: number }) {
  if (token.revokedAt) return <Badge bg="secondary">{T.revoked}</Badge>;
  if (Date.parse(token.expiresAt) <= now) return <Badge bg="warning">{T.expired}</Badge>;
  return null;
}

/**
 * API Tokens (issue 27 part 5; ADMIN and SUPER-ADMIN): the tokens with their scopes, companies
 * and last use; a new one is shown once; Revoke stops it at once on every node.
 */
export function ApiTokensPage() {
  const session = useSession();
  const tokens = useApiTokens();
  const companies = useCompaniesForUser();
  const revoke = useRevokeApiToken();
  const [now] = useState(() => Date.now());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notify.success(T.heading, T.revokeDone),
      onError: (e) => notify.error(T.heading, T.revokeFailed, e),
      onSettled: () => setRevoking(null),
    });
  };

  let body;
  if (tokens.isPending) body = <LoadingSpinner label={T.loading} />;
  else if (tokens.isError) body = <Alert variant="danger">{T.loadFailed}</Alert>;
  else if (!tokens.data.length) body = <p className="text-muted">{T.empty}</p>;
  else
    body = (
      <Table hover size="sm" responsive aria-label={T.heading}>
        <thead>
          <tr>
            <th>{T.name}</th>
            <th>{T.hint}</th>
            <th>{T.scopes}</th>
            <th>{T.companies}</th>
            <th>{T.createdBy}</th>
            <th>{T.expiresAt}</th>
            <th>{T.lastUsed}</th>
            <th aria-label={T.revoke} />
          </tr>
        </thead>
        <tbody>
          {tokens.data.map((t) => (
            <tr key={t.id} className={t.revokedAt ? 'text-muted' : undefined}>
              <td className="text-wrap-anywhere">
                {t.name} <StateBadge token={t} now={now} />
              </td>
              <td className="font-monospace small">{t.hint}</td>
              <td className="small">{t.scopes.map((s) => API_TOKEN_SCOPE_LABEL[s]).join(', ')}</td>
              <td className="small">
                {t.companies === 'all' ? T.allCompanies : t.companies.join(', ')}
              </td>
              <td className="small text-wrap-anywhere">{t.createdBy}</td>
              <td className="small">{when(t.expiresAt)}</td>
              <td className="small">{when(t.lastUsedAt)}</td>
              <td className="text-end">
                {!t.revokedAt && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`${T.revoke} ${t.name}`}
                    onClick={() => setRevoking(t)}
                  >
                    {T.revoke}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h4 mb-0">{T.heading}</h1>
        <Button onClick={() => setCreating(true)}>{T.create}</Button>
      </div>
      <p className="text-muted small">{T.intro}</p>
      {body}
      {creating && session && (
        <ApiTokenModal
          user={session}
          companies={companies.data ?? []}
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {created && <ApiTokenShownOnce created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmModal
          title={T.revoke}
          yesLabel={T.revoke}
          noLabel={T.cancel}
          busy={revoke.isPending}
          onYes={confirmRevoke}
          onNo={() => setRevoking(null)}
        >
          {T.confirmRevoke}
        </ConfirmModal>
      )}
    </section>
  );
}
