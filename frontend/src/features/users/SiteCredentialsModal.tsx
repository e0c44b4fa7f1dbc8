import { zodResolver } from '@hookform/resolvers/zod';
import {
  saveUserSiteCredentialsRequestSchema,
  type SiteCredentialSummary,
} from '@store-cloud/contracts';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveUserSiteCredentials } from '../../api/useUserAdmin';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';
import { knownReasonOf, useKnownText, withKnownReason } from '../../i18n/known-text';
import { toastSet } from '../../i18n/sets/common';
import { accountMessageSets, userAdminLabelsSet, usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

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
  const toast = useTexts(toastSet);
  const labels = useTexts(userAdminLabelsSet);
  const text = useTexts(usersTextSet);
  const form = useForm<
    z.input<typeof credentialsSchema>,
    unknown,
    z.output<typeof credentialsSchema>
  >({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { username: current?.username ?? '', password: '' },
  });
  const { errors } = form.formState;
  const known = useKnownText(accountMessageSets);

  const onSave = form.handleSubmit((credentials) =>
    save.mutate(
      {
        username: user.username,
        company: store.companyId,
        sitecredentials: { storeId: store.storeId, ...credentials },
      },
      {
        onSuccess: () => {
          notify.success(toast.siteCredentials.title, toast.siteCredentials.success);
          onClose();
        },
        // The server says why (e.g. a store switched on but not saved yet): show its words.
        onError: (e) =>
          notify.error(
            toast.siteCredentials.title,
            withKnownReason(toast.siteCredentials.error, e, accountMessageSets),
            e,
          ),
      },
    ),
  );

  return (
    <Modal show onHide={onClose} backdrop="static" centered aria-labelledby="site-cred-title">
      <Form noValidate onSubmit={onSave}>
        <Modal.Header>
          <Modal.Title id="site-cred-title">{text.siteCredentialsTitle(store.storeId)}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {knownReasonOf(save.error, accountMessageSets) && (
            <Alert variant="danger" className="text-break">
              {knownReasonOf(save.error, accountMessageSets)}
            </Alert>
          )}
          <FormField
            id="site-cred-username"
            label={labels.siteUsername}
            autoComplete="off"
            placeholder={text.notSetFor(user.username)}
            error={known(errors.username?.message)}
            registration={form.register('username')}
          />
          <FormField
            id="site-cred-password"
            label={labels.sitePassword}
            className=""
            type="password"
            autoComplete="new-password"
            placeholder={
              current?.passwordSet ? labels.passwordSetPlaceholder : text.notSetFor(user.username)
            }
            error={known(errors.password?.message)}
            registration={form.register('password')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {labels.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {labels.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
