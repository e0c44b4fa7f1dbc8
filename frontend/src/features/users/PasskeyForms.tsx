import { zodResolver } from '@hookform/resolvers/zod';
import { type Passkey, type RenamePasskey, renamePasskeySchema } from '@store-cloud/contracts';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useAddPasskey, useRenamePasskey } from '../../api/usePasskeys';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';
import { accountMessageSets, passkeyTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';
import { useKnownText } from '../../i18n/known-text';
import { passkeyFailure } from './passkey-failure';

const EMPTY: RenamePasskey = { name: '' };

export function AddForm({ onAdded }: { onAdded?: () => void }) {
  const T = useTexts(passkeyTextSet);
  const known = useKnownText(accountMessageSets);
  const add = useAddPasskey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RenamePasskey>({ resolver: zodResolver(renamePasskeySchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ name }) =>
    add.mutate(name, {
      onSuccess: () => {
        reset(EMPTY);
        notify.success(T.heading, T.added);
        onAdded?.();
      },
      onError: (error) => notify.error(T.heading, passkeyFailure(error, T.addFailed)),
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} className="mt-2">
      <h3 className="h6">{T.add}</h3>
      <div className="d-flex flex-wrap align-items-start gap-2">
        <FormField
          id="passkey-name"
          label={T.nameLabel}
          className="mb-2 flex-grow-1"
          type="text"
          autoComplete="off"
          hint={T.namePlaceholder}
          error={known(errors.name?.message)}
          registration={register('name')}
        />
        <Button type="submit" className="mt-md-4" disabled={add.isPending}>
          {T.register}
        </Button>
      </div>
    </Form>
  );
}

export function RenameForm({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const T = useTexts(passkeyTextSet);
  const known = useKnownText(accountMessageSets);
  const rename = useRenamePasskey();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RenamePasskey>({
    resolver: zodResolver(renamePasskeySchema),
    defaultValues: { name: passkey.name },
  });

  const onSubmit = handleSubmit(({ name }) =>
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          notify.success(T.heading, T.renamed);
          onClose();
        },
        onError: (error) => notify.error(T.heading, passkeyFailure(error, T.renameFailed)),
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit} className="d-flex flex-wrap align-items-start gap-2">
      <FormField
        id={`passkey-rename-${passkey.id}`}
        label={T.nameLabel}
        className="mb-0 flex-grow-1"
        type="text"
        autoComplete="off"
        autoFocus
        error={known(errors.name?.message)}
        registration={register('name')}
      />
      <div className="d-flex gap-2 mt-md-4">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {T.save}
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose}>
          {T.cancel}
        </Button>
      </div>
    </Form>
  );
}
