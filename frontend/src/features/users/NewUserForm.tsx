import { zodResolver } from '@hookform/resolvers/zod';
import {
  type NewUserForm as NewUserValues,
  newUserFormSchema,
  ROUTES,
  USER_TYPE,
  type UserView,
  VALIDATION,
} from '@store-cloud/contracts';
import { Button, Form } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useCreateUser } from '../../api/useUserAdmin';
import { UnsavedChangesPrompt, useLeaveOnPurpose } from '../../app/UnsavedChangesPrompt';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';
import { NewPasswordFields } from './password-fields';
import { UserTypeButtons } from './UserTypeButtons';
import { useKnownText } from '../../i18n/known-text';
import { toastSet } from '../../i18n/sets/common';
import {
  accountMessageSets,
  userAdminLabelsSet,
  usersTextSet,
  validationSet,
} from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/** Edit user for a new user (spec §2): user name, passwords, type; 'Create user'. */
export function NewUserForm({ callerType, users }: { callerType: string; users: UserView[] }) {
  const navigate = useNavigate();
  const toast = useTexts(toastSet);
  const labels = useTexts(userAdminLabelsSet);
  const text = useTexts(usersTextSet);
  const validation = useTexts(validationSet);
  const create = useCreateUser();
  const known = useKnownText(accountMessageSets);
  const taken = new Set(users.map((u) => u.username.toLowerCase()));
  const schema = newUserFormSchema.refine((f) => !taken.has(f.username.trim().toLowerCase()), {
    message: VALIDATION.usernameInUse,
    path: ['username'],
  });
  const form = useForm<NewUserValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', verifyPassword: '', usertype: USER_TYPE.BASIC },
    mode: 'onBlur',
  });
  const isValid = schema.safeParse(useWatch({ control: form.control })).success;
  const unsaved = form.formState.isDirty;
  const { leave, isLeaving } = useLeaveOnPurpose();

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { username: values.username, password: values.password, usertype: values.usertype },
      {
        onSuccess: (user) => {
          notify.success(toast.createUser.title, toast.createUser.success);
          leave(
            () =>
              void navigate(ROUTES.editUserOf(user._id), {
                replace: true,
                state: { user, users: [...users, user] },
              }),
          );
        },
        onError: (e) => notify.error(toast.createUser.title, toast.createUser.error, e),
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit} className="col-12 col-md-8 col-lg-6">
      <FormField
        id="new-user-username"
        label={labels.username}
        type="email"
        autoComplete="off"
        hint={validation.usernameHint}
        error={known(form.formState.errors.username?.message)}
        registration={form.register('username')}
      />
      <NewPasswordFields
        idPrefix="new-user"
        form={form}
        newField="password"
        verifyField="verifyPassword"
      />
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
      <div className="d-flex gap-2">
        <Button variant="secondary" onClick={() => leave(() => void navigate(ROUTES.users))}>
          {labels.cancel}
        </Button>
        <Button type="submit" disabled={!isValid || create.isPending}>
          {text.createUser}
        </Button>
      </div>
      <UnsavedChangesPrompt when={() => unsaved && !isLeaving()} />
    </Form>
  );
}
