import {
  type SiteCredentialSummary,
  TOAST,
  USER_ADMIN_LABELS,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { reasonOf, withReason } from '../../api/api-error';
import { useSaveUserSiteCredentials } from '../../api/useUserAdmin';
import { notify } from '../../ui/notify';

export interface CredentialStore {
  companyId: number;
  storeId: number;
}

/** 'Site Credentials for store (id)' (spec §2 Edit user). The password is never shown. */
export function SiteCredentialsModal({
  user,
  store,
  current,
  onClose,
}: {
  user: { _id: string; username: string };
  store: CredentialStore;
  current?: SiteCredentialSummary;
  onClose: () => void;
}) {
  const save = useSaveUserSiteCredentials(user._id);
  const [username, setUsername] = useState(current?.username ?? '');
  const [password, setPassword] = useState('');

  const onSave = () =>
    save.mutate(
      {
        username: user.username,
        company: store.companyId,
        sitecredentials: { storeId: store.storeId, username, password },
      },
      {
        onSuccess: () => {
          notify.success(TOAST.siteCredentials.title, TOAST.siteCredentials.success);
          onClose();
        },
        // The server says why (e.g. a store switched on but not saved yet): show its words.
        onError: (e) =>
          notify.error(TOAST.siteCredentials.title, withReason(TOAST.siteCredentials.error, e), e),
      },
    );

  return (
    <Modal show onHide={onClose} backdrop="static" centered aria-labelledby="site-cred-title">
      <Modal.Header>
        <Modal.Title id="site-cred-title">
          {USERS_TEXT.siteCredentialsTitle(store.storeId)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {reasonOf(save.error) && (
          <Alert variant="danger" className="text-break">
            {reasonOf(save.error)}
          </Alert>
        )}
        <Form.Group className="mb-3">
          <Form.Label htmlFor="site-cred-username">{USER_ADMIN_LABELS.siteUsername}</Form.Label>
          <Form.Control
            id="site-cred-username"
            autoComplete="off"
            value={username}
            placeholder={USERS_TEXT.notSetFor(user.username)}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Form.Group>
        <Form.Group>
          <Form.Label htmlFor="site-cred-password">{USER_ADMIN_LABELS.sitePassword}</Form.Label>
          <Form.Control
            id="site-cred-password"
            type="password"
            autoComplete="new-password"
            value={password}
            placeholder={
              current?.passwordSet
                ? USER_ADMIN_LABELS.passwordSetPlaceholder
                : USERS_TEXT.notSetFor(user.username)
            }
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {USER_ADMIN_LABELS.cancel}
        </Button>
        <Button onClick={onSave} disabled={save.isPending}>
          {USER_ADMIN_LABELS.save}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
