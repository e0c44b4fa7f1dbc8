import type { Passkey } from '@store-cloud/contracts';
import { useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { usePasskeys, useRemovePasskey } from '../../api/usePasskeys';
import { Breakable } from '../../ui/Breakable';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { passkeyFailure } from './passkey-failure';
import { formatDateTime } from '../../ui/date-format';
import { AddForm, RenameForm } from './PasskeyForms';
import { passkeyTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/**
 * The user's passkeys (issue 27): add one (named, then the browser asks the authenticator),
 * the list with its last use, rename, remove after a confirmation. `onAdded`: called after a
 * passkey was added (the forced enrolment then signs in again).
 */
export function Passkeys({ onAdded }: { onAdded?: () => void }) {
  const T = useTexts(passkeyTextSet);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, true) : T.neverUsed);
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => notify.success(T.heading, T.removed),
      onError: (error) => notify.error(T.heading, passkeyFailure(error, T.removeFailed)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <div data-testid="passkeys">
      <p className="text-body-secondary">{T.intro}</p>
      {passkeys.isPending ? (
        <LoadingSpinner label={T.loading} />
      ) : passkeys.isError ? (
        <p className="text-danger">{T.loadFailed}</p>
      ) : passkeys.data.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <Table hover responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th>{T.nameLabel}</th>
              <th className="d-none d-md-table-cell">{T.created}</th>
              <th>{T.lastUsed}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {passkeys.data.map((p) =>
              renaming === p.id ? (
                <tr key={p.id}>
                  <td colSpan={4}>
                    <RenameForm passkey={p} onClose={() => setRenaming(null)} />
                  </td>
                </tr>
              ) : (
                <tr key={p.id} data-testid="passkey-row">
                  <td>
                    <Breakable text={p.name} />
                    {p.backedUp && (
                      <Badge bg="secondary" className="ms-2">
                        {T.synced}
                      </Badge>
                    )}
                  </td>
                  <td className="d-none d-md-table-cell">{when(p.createdAt)}</td>
                  <td data-testid="passkey-last-used">{when(p.lastUsedAt)}</td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-2"
                      onClick={() => setRenaming(p.id)}
                    >
                      {T.rename}
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => setRemoving(p)}>
                      {T.remove}
                    </Button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </Table>
      )}
      <AddForm onAdded={onAdded} />
      {removing && (
        <ConfirmModal
          title={T.confirmTitle}
          yesLabel={T.yes}
          noLabel={T.no}
          onYes={confirmRemove}
          onNo={() => setRemoving(null)}
          busy={remove.isPending}
        >
          {T.confirmRemove(removing.name)}
        </ConfirmModal>
      )}
    </div>
  );
}
