import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTES, type UserView } from '@store-cloud/contracts';
import { useState } from 'react';
import { Accordion, Button, Form } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  useAdminApps,
  useRetailStores,
  useSaveUserChanges,
  useUserSiteCredentials,
} from '../../api/useUserAdmin';
import { UnsavedChangesPrompt, useLeaveOnPurpose } from '../../app/UnsavedChangesPrompt';
import { Breakable } from '../../ui/Breakable';
import { notify } from '../../ui/notify';
import { useCallerAccess } from './access';
import { AllowedCompaniesItem } from './AllowedCompaniesItem';
import { ApplicationsItem } from './ApplicationsItem';
import {
  existingUserFormSchema,
  type ExistingUserOutput,
  type ExistingUserValues,
  existingUserValues,
  saveUserChangesBody,
} from './existing-user.form';
import type { EditUserState } from './navigation-state';
import { type CredentialStore, SiteCredentialsModal } from './SiteCredentialsModal';
import { SetPasswordItem } from './SetPasswordItem';
import { UserTypeButtons } from './UserTypeButtons';
import { toastSet } from '../../i18n/sets/common';
import { userAdminLabelsSet, usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/** Edit user for an existing user (spec §2 Edit user). */
export function ExistingUserForm({
  callerType,
  user,
  users,
}: {
  callerType: string;
  user: UserView;
  users: UserView[];
}) {
  const navigate = useNavigate();
  const toast = useTexts(toastSet);
  const labels = useTexts(userAdminLabelsSet);
  const text = useTexts(usersTextSet);
  const apps = useAdminApps();
  const master = useRetailStores();
  const credentials = useUserSiteCredentials(user._id);
  const save = useSaveUserChanges();
  const caller = useCallerAccess();
  const form = useForm<ExistingUserValues, unknown, ExistingUserOutput>({
    resolver: zodResolver(existingUserFormSchema),
    defaultValues: existingUserValues(user),
  });
  const values = useWatch({ control: form.control }) as ExistingUserValues;
  const isValid = existingUserFormSchema.safeParse(values).success;
  const [credentialStore, setCredentialStore] = useState<CredentialStore | null>(null);
  // Unsaved: changed here, or carried back from Configuration (differs from the saved user).
  const saved = users.find((u) => u._id === user._id);
  const carried =
    saved !== undefined &&
    JSON.stringify(existingUserValues(saved)) !== JSON.stringify(existingUserValues(user));
  const unsaved = form.formState.isDirty || carried;
  const { leave, isLeaving } = useLeaveOnPurpose();

  const onSave = form.handleSubmit((changes) =>
    save.mutate(saveUserChangesBody(user._id, changes, master.data ?? []), {
      onSuccess: () => {
        notify.success(toast.editUser.title, toast.editUser.success);
        leave(() => void navigate(ROUTES.users));
      },
      onError: (e) => notify.error(toast.editUser.title, toast.editUser.error, e),
    }),
  );

  // Configuration adds companies to the unsaved edits and hands them back here.
  const addCompanies = () => {
    const state: EditUserState = { user: { ...user, ...form.getValues() }, users };
    leave(() => void navigate(ROUTES.configurationOf(user._id), { state }));
  };

  return (
    <div className="col-12 col-lg-10 col-xl-8">
      <h2 className="h4 mb-3">
        <Breakable text={user.username} />
      </h2>
      <div className="mb-3">
        <Controller
          control={form.control}
          name="usertype"
          render={({ field }) => (
            <UserTypeButtons
              callerType={callerType}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </div>
      <Form.Check id="user-enabled" label={labels.enabled} {...form.register('enabled')} />
      {/* Only an administrator with access to all may give it (issue 13). */}
      {caller?.all ? (
        <Form.Check
          id="user-access-all"
          className="mb-3"
          label={text.accessAll}
          {...form.register('access.all')}
        />
      ) : (
        <div className="mb-3" />
      )}

      <Accordion alwaysOpen className="mb-3">
        {!values.access.all && (
          <AllowedCompaniesItem
            control={form.control}
            onAddCompanies={addCompanies}
            onStoreClick={(companyId, s) => setCredentialStore({ companyId, storeId: s.storeId })}
          />
        )}
        <ApplicationsItem control={form.control} apps={apps.data ?? []} loading={apps.isPending} />
        <SetPasswordItem username={user.username} />
      </Accordion>

      <div className="d-flex gap-2">
        <Button variant="secondary" onClick={() => leave(() => void navigate(ROUTES.users))}>
          {labels.cancel}
        </Button>
        <Button onClick={() => void onSave()} disabled={!isValid || save.isPending}>
          {labels.save}
        </Button>
      </div>

      <UnsavedChangesPrompt when={() => unsaved && !isLeaving()} />
      {credentialStore && (
        <SiteCredentialsModal
          user={user}
          store={credentialStore}
          current={credentials.data?.find(
            (c) =>
              c.companyId === credentialStore.companyId && c.storeId === credentialStore.storeId,
          )}
          onClose={() => setCredentialStore(null)}
        />
      )}
    </div>
  );
}
