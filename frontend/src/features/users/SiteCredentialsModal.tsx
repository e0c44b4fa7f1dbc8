import { zodResolver } from '@hookform/resolvers/zod';
import {
  saveUserSiteCredentialsRequestSchema,
  type SiteCredentialSummary,
  TOAST,
  USER_ADMIN_LABELS,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reasonOf, withReason } from '../../api/api-error';
import { useSaveUserSiteCredentials } from '../../api/useUserAdmin';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';

export interface CredentialStore {
  companyId: number;
  storeId: number;
}

/** The store's user name and password, checked as the backend checks them. */
const credentialsSchema = saveUserSiteCredentialsRequestSchema.shape.sitecredentials.pick({
  username: true,
  password: true,
});

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
  const form = useForm<
    z.input<typeof credentialsSchema>,
    unknown,
    z.output<typeof credentialsSchema>
  >({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { username: current?.username ?? '', password: '' },
  });
  const { errors } = form.formState;

  const onSave = form.handleSubmit((credentials) =>
    save.mutate(
      {
        username: user.username,
        company: store.companyId,
        sitecredentials: { storeId: store.storeId, ...credentials },
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
    ),
  );

  return (
    <Modal show onHide={onClose} backdrop="static" centered aria-labelledby="site-cred-title">
      <Form noValidate onSubmit={onSave}>
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
          <FormField
            id="site-cred-username"
            label={USER_ADMIN_LABELS.siteUsername}
            autoComplete="off"
            placeholder={USERS_TEXT.notSetFor(user.username)}
            error={errors.username?.message}
            registration={form.register('username')}
          />
          <FormField
            id="site-cred-password"
            label={USER_ADMIN_LABELS.sitePassword}
            className=""
            type="password"
            autoComplete="new-password"
            placeholder={
              current?.passwordSet
                ? USER_ADMIN_LABELS.passwordSetPlaceholder
                : USERS_TEXT.notSetFor(user.username)
            }
            error={errors.password?.message}
            registration={form.register('password')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {USER_ADMIN_LABELS.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {USER_ADMIN_LABELS.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
