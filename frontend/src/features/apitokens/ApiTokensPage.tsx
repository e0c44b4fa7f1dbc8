import { type ApiToken, type CreatedApiToken, DATE_FORMAT_STATUS } from '@store-cloud/contracts';
import { format } from 'date-fns';
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useApiTokens, useRevokeApiToken } from '../../api/useApiTokens';
import { useCompaniesForUser } from '../../api/useCompanies';
import { useSession } from '../../auth/useSession';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { type Column, ItemTable } from '../../ui/ItemTable';
import { notify } from '../../ui/notify';
import { QueryList } from '../../ui/QueryList';
import { ApiTokenModal, ApiTokenShownOnce } from './ApiTokenModal';
import { apiTokenScopeLabelSet, apiTokensTextSet } from '../../i18n/sets/apitokens';
import type { TextsOf } from '../../i18n/text-set';
import { useTexts } from '../../i18n/useTexts';

type Texts = TextsOf<typeof apiTokensTextSet>;
const when = (iso: string | null, T: Texts) =>
  iso ? format(new Date(iso), DATE_FORMAT_STATUS) : T.never;

/** now: when the screen opened (a render stays pure; the list refreshes on every change). */
function StateBadge({ token, now }: { token: ApiToken; now: number }) {
  const T = useTexts(apiTokensTextSet);
  if (token.revokedAt) return <Badge bg="secondary">{T.revoked}</Badge>;
  if (Date.parse(token.expiresAt) <= now) return <Badge bg="warning">{T.expired}</Badge>;
  return null;
}

const columns = (
  now: number,
  T: Texts,
  scopeLabel: TextsOf<typeof apiTokenScopeLabelSet>,
): Column<ApiToken>[] => [
  {
    header: T.name,
    className: 'text-wrap-anywhere',
    cell: (t) => (
      <>
        {t.name} <StateBadge token={t} now={now} />
      </>
    ),
  },
  { header: T.hint, className: 'font-monospace small', cell: (t) => t.hint },
  {
    header: T.scopes,
    className: 'small',
    cell: (t) => t.scopes.map((s) => scopeLabel[s]).join(', '),
  },
  {
    header: T.companies,
    className: 'small',
    cell: (t) => (t.companies === 'all' ? T.allCompanies : t.companies.join(', ')),
  },
  { header: T.createdBy, className: 'small text-wrap-anywhere', cell: (t) => t.createdBy },
  { header: T.expiresAt, className: 'small', cell: (t) => when(t.expiresAt, T) },
  { header: T.lastUsed, className: 'small', cell: (t) => when(t.lastUsedAt, T) },
];

/**
 * API Tokens (issue 27 part 5; ADMIN and SUPER-ADMIN): the tokens with their scopes, companies
 * and last use; a new one is shown once; Revoke stops it at once on every node.
 */
export function ApiTokensPage() {
  const T = useTexts(apiTokensTextSet);
  const scopeLabel = useTexts(apiTokenScopeLabelSet);
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

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h4 mb-0">{T.heading}</h1>
        <Button onClick={() => setCreating(true)}>{T.create}</Button>
      </div>
      <p className="text-muted small">{T.intro}</p>
      <QueryList query={tokens} loading={T.loading} failed={T.loadFailed} empty={T.empty}>
        {(list) => (
          <ItemTable
            label={T.heading}
            rows={list}
            rowKey={(t) => t.id}
            rowProps={(t) => ({ className: t.revokedAt ? 'text-muted' : undefined })}
            columns={columns(now, T, scopeLabel)}
            actionsLabel={T.revoke}
            actions={(t) =>
              !t.revokedAt && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`${T.revoke} ${t.name}`}
                  onClick={() => setRevoking(t)}
                >
                  {T.revoke}
                </Button>
              )
            }
          />
        )}
      </QueryList>
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
