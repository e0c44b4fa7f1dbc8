import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccessCompany,
  type PasswordPair,
  passwordPairSchema,
  ROUTES,
  TOAST,
  USER_ADMIN_LABELS,
  type UserView,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Accordion, Button, Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  useAdminApps,
  useRetailStores,
  useSaveUserChanges,
  useSetPassword,
  useUserSiteCredentials,
} from '../../api/useUserAdmin';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { companyStores, storesInScope, useCallerAccess } from './access';
import { CompanyAccessItem } from './CompanyAccessItem';
import type { EditUserState } from './navigation-state';
import { NewPasswordFields } from './password-fields';
import { type CredentialStore, SiteCredentialsModal } from './SiteCredentialsModal';
import { UserTypeButtons } from './UserTypeButtons';
import { Breakable } from '../../ui/Breakable';

type Draft = Pick<UserView, 'usertype' | 'enabled' | 'access' | 'applications'>;
const EMPTY_PAIR: PasswordPair = { newPassword: '', verifyPassword: '' };

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
  const apps = useAdminApps();
  const master = useRetailStores();
  const credentials = useUserSiteCredentials(user._id);
  const save = useSaveUserChanges();
  const caller = useCallerAccess();
  const setPassword = useSetPassword();
  const [draft, setDraft] = useState<Draft>({
    usertype: user.usertype,
    enabled: user.enabled,
    access: user.access,
    applications: user.applications,
  });
  const [credentialStore, setCredentialStore] = useState<CredentialStore | null>(null);
  const passwordForm = useForm<PasswordPair>({
    resolver: zodResolver(passwordPairSchema),
    defaultValues: EMPTY_PAIR,
    mode: 'onBlur',
  });
  const passwordValid = passwordPairSchema.safeParse(
    useWatch({ control: passwordForm.control }),
  ).success;

  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setCompanies = (companies: AccessCompany[]) =>
    change({ access: { ...draft.access, companies } });
  const toggleApp = (name: string, on: boolean) =>
    change({
      applications: on
        ? [...draft.applications, name]
        : draft.applications.filter((a) => a !== name),
    });

  const onSave = () =>
    save.mutate(
      {
        userdata: {
          _id: user._id,
          ...draft,
          access: {
            ...draft.access,
            companies: draft.access.companies.map((c) => ({
              ...c,
              stores: companyStores(c, master.data ?? []),
            })),
          },
        },
      },
      {
        onSuccess: () => {
          notify.success(TOAST.editUser.title, TOAST.editUser.success);
          void navigate(ROUTES.users);
        },
        onError: (e) => notify.error(TOAST.editUser.title, TOAST.editUser.error, e),
      },
    );

  const onSavePassword = passwordForm.handleSubmit((values) =>
    setPassword.mutate(
      { username: user.username, newPassword: values.newPassword },
      {
        onSuccess: () => {
          passwordForm.reset(EMPTY_PAIR);
          notify.success(TOAST.setPassword.title, TOAST.setPassword.success);
        },
        onError: (e) => notify.error(TOAST.setPassword.title, TOAST.setPassword.error, e),
      },
    ),
  );

  const addCompanies = () => {
    const state: EditUserState = { user: { ...user, ...draft }, users };
    void navigate(ROUTES.configurationOf(user._id), { state });
  };

  const systemApps = (apps.data ?? []).filter((a) => a.systemApp);
  const siteApps = (apps.data ?? []).filter((a) => a.siteApp);
  const appList = (title: string, list: typeof systemApps) =>
    list.length > 0 && (
      <fieldset className="mb-2">
        <legend className="fs-6 fw-semibold">{title}</legend>
        {list.map((a) => (
          <Form.Check
            key={a.name}
            id={`app-${a.name.replace(/\W+/g, '-')}`}
            label={a.name}
            checked={draft.applications.includes(a.name)}
            onChange={(e) => toggleApp(a.name, e.target.checked)}
          />
        ))}
      </fieldset>
    );

  return (
    <div className="col-12 col-lg-10 col-xl-8">
      <h2 className="h4 mb-3">
        <Breakable text={user.username} />
      </h2>
      <div className="mb-3">
        <UserTypeButtons
          callerType={callerType}
          value={draft.usertype}
          onChange={(usertype) => change({ usertype: usertype as Draft['usertype'] })}
        />
      </div>
      <Form.Check
        id="user-enabled"
        label={USER_ADMIN_LABELS.enabled}
        checked={draft.enabled}
        onChange={(e) => change({ enabled: e.target.checked })}
      />
      {/* Only an administrator with access to all may give it (issue 13). */}
      {caller?.all ? (
        <Form.Check
          id="user-access-all"
          className="mb-3"
          label={USERS_TEXT.accessAll}
          checked={draft.access.all}
          onChange={(e) => change({ access: { ...draft.access, all: e.target.checked } })}
        />
      ) : (
        <div className="mb-3" />
      )}

      <Accordion alwaysOpen className="mb-3">
        {!draft.access.all && (
          <Accordion.Item eventKey="companies">
            <Accordion.Header>{USERS_TEXT.allowedCompanies}</Accordion.Header>
            <Accordion.Body>
              {master.isPending ? (
                <LoadingSpinner small />
              ) : (
                <Accordion alwaysOpen className="mb-3">
                  {draft.access.companies.map((c) => (
                    <CompanyAccessItem
                      key={c.companyId}
                      company={c}
                      stores={storesInScope(
                        caller,
                        c.companyId,
                        companyStores(c, master.data ?? []),
                      )}
                      onStoresChange={(stores) =>
                        setCompanies(
                          draft.access.companies.map((x) =>
                            x.companyId === c.companyId ? { ...x, stores } : x,
                          ),
                        )
                      }
                      onRemove={() =>
                        setCompanies(
                          draft.access.companies.filter((x) => x.companyId !== c.companyId),
                        )
                      }
                      onStoreClick={(s) =>
                        setCredentialStore({ companyId: c.companyId, storeId: s.storeId })
                      }
                    />
                  ))}
                </Accordion>
              )}
              <Button variant="outline-primary" size="sm" onClick={addCompanies}>
                {USERS_TEXT.addCompanies}
              </Button>
            </Accordion.Body>
          </Accordion.Item>
        )}
        <Accordion.Item eventKey="apps">
          <Accordion.Header>{USERS_TEXT.allowedApplications}</Accordion.Header>
          <Accordion.Body>
            {apps.isPending ? (
              <LoadingSpinner small />
            ) : systemApps.length + siteApps.length === 0 ? (
              <p className="mb-0">{USERS_TEXT.noApplications}</p>
            ) : (
              <>
                {appList(USERS_TEXT.systemApplications, systemApps)}
                {appList(USERS_TEXT.siteApplications, siteApps)}
              </>
            )}
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="password">
          <Accordion.Header>{USERS_TEXT.changePassword}</Accordion.Header>
          <Accordion.Body>
            <Form noValidate onSubmit={onSavePassword}>
              <NewPasswordFields
                idPrefix="edit-user"
                form={passwordForm}
                newField="newPassword"
                verifyField="verifyPassword"
              />
              <div className="d-flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => passwordForm.reset(EMPTY_PAIR)}>
                  {USERS_TEXT.cancelPasswordChange}
                </Button>
                {passwordValid && (
                  <Button type="submit" disabled={setPassword.isPending}>
                    {USERS_TEXT.saveNewPassword}
                  </Button>
                )}
              </div>
            </Form>
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>

      <div className="d-flex gap-2">
        <Button variant="secondary" onClick={() => void navigate(ROUTES.users)}>
          {USER_ADMIN_LABELS.cancel}
        </Button>
        <Button onClick={onSave} disabled={save.isPending}>
          {USER_ADMIN_LABELS.save}
        </Button>
      </div>

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
