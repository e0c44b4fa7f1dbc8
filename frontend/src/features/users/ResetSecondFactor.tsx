import { MFA_TEXT, USER_ADMIN_LABELS } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useResetUserMfa } from '../../api/useMfa';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { notify } from '../../ui/notify';
import { withReason } from '../../api/api-error';

/**
 * Edit user's Reset second factor (issue 27): removes the user's authenticator app, recovery
 * codes and passkeys (a lost phone), after a confirmation; the backend audits it.
 */
export function ResetSecondFactor({ userId, username }: { userId: string; username: string }) {
  const [asking, setAsking] = useState(false);
  const reset = useResetUserMfa();
  const onYes = () =>
    reset.mutate(
      { userId },
      {
        onSuccess: () => {
          setAsking(false);
          notify.success(MFA_TEXT.adminReset, MFA_TEXT.adminResetDone);
        },
        onError: (e) => {
          setAsking(false);
          notify.error(MFA_TEXT.adminReset, withReason(MFA_TEXT.adminResetFailed, e), e);
        },
      },
    );
  return (
    <>
      <Button variant="outline-danger" onClick={() => setAsking(true)}>
        {MFA_TEXT.adminReset}
      </Button>
      {asking && (
        <ConfirmModal
          title={MFA_TEXT.adminReset}
          yesLabel={MFA_TEXT.adminReset}
          noLabel={USER_ADMIN_LABELS.cancel}
          onYes={onYes}
          onNo={() => setAsking(false)}
          busy={reset.isPending}
        >
          {MFA_TEXT.adminResetConfirm(username)}
        </ConfirmModal>
      )}
    </>
  );
}
