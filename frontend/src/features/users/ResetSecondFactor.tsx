import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useResetUserMfa } from '../../api/useMfa';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { notify } from '../../ui/notify';
import { withKnownReason } from '../../i18n/known-text';
import { accountMessageSets, mfaTextSet, userAdminLabelsSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/**
 * Edit user's Reset second factor (issue 27): removes the user's authenticator app, recovery
 * codes and passkeys (a lost phone), after a confirmation; the backend audits it.
 */
export function ResetSecondFactor({ userId, username }: { userId: string; username: string }) {
  const [asking, setAsking] = useState(false);
  const reset = useResetUserMfa();
  const mfa = useTexts(mfaTextSet);
  const labels = useTexts(userAdminLabelsSet);
  const onYes = () =>
    reset.mutate(
      { userId },
      {
        onSuccess: () => {
          setAsking(false);
          notify.success(mfa.adminReset, mfa.adminResetDone);
        },
        onError: (e) => {
          setAsking(false);
          notify.error(
            mfa.adminReset,
            withKnownReason(mfa.adminResetFailed, e, accountMessageSets),
            e,
          );
        },
      },
    );
  return (
    <>
      <Button variant="outline-danger" onClick={() => setAsking(true)}>
        {mfa.adminReset}
      </Button>
      {asking && (
        <ConfirmModal
          title={mfa.adminReset}
          yesLabel={mfa.adminReset}
          noLabel={labels.cancel}
          onYes={onYes}
          onNo={() => setAsking(false)}
          busy={reset.isPending}
        >
          {mfa.adminResetConfirm(username)}
        </ConfirmModal>
      )}
    </>
  );
}
