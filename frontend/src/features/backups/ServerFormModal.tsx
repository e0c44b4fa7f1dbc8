import { zodResolver } from '@hookform/resolvers/zod';
import { addBackupServerSchema, type BackupServer, VALIDATION } from '@store-cloud/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { useKnownText } from '../../i18n/known-text';
import { backupModalTextSet, backupToastSet } from '../../i18n/sets/backups';
import { validationSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';
import { useAddServer, useUpdateServer } from './useBackups';
import { FormModal } from '../../ui/FormModal';

type Values = z.input<typeof addBackupServerSchema>;
type Output = z.output<typeof addBackupServerSchema>;

/** Add Server (the URL starts as 'https://', editable) and Edit Server (spec §2, §5). */
export function ServerFormModal({
  editing,
  servers,
  onClose,
}: {
  /** The server being edited; undefined: a new one. */
  editing?: BackupServer;
  servers: BackupServer[];
  onClose: () => void;
}) {
  const modalText = useTexts(backupModalTextSet);
  const backupToast = useTexts(backupToastSet);
  // The schema's checks say it in English: the same text in the page's language.
  const known = useKnownText([validationSet]);
  const add = useAddServer();
  const update = useUpdateServer();
  const own = editing?.name.toLowerCase();
  const taken = new Set(servers.map((s) => s.name.toLowerCase()).filter((n) => n !== own));
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(
      addBackupServerSchema.refine((v) => !taken.has(v.name.toLowerCase()), {
        message: VALIDATION.serverNameInUse,
        path: ['name'],
      }),
    ),
    defaultValues: editing ?? { name: '', url: 'https://' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const pending = add.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const t = backupToast.server;
    const done = {
      onSuccess: () => {
        notify.success(t.title, editing ? t.updateSuccess(values.name) : t.addSuccess(values.name));
        onClose();
      },
      onError: (error: Error) => {
        // The server's own check (another portal may have added the name meanwhile).
        const issue = error instanceof ApiError ? error.body?.issues?.[0] : undefined;
        if (issue && (issue.path === 'name' || issue.path === 'url')) {
          form.setError(issue.path, { message: issue.message });
        }
        notify.error(t.title, editing ? t.updateError(values.name) : t.addError(values.name));
      },
    };
    if (editing) update.mutate({ ...values, originalName: editing.name }, done);
    else add.mutate(values, done);
  });

  const title = editing ? modalText.editServer : modalText.addServer;
  return (
    <FormModal
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={modalText.cancel}
      submitLabel={editing ? modalText.save : modalText.add}
      busy={pending}
      centered
    >
      <FormField
        id="server-name"
        label={modalText.serverName}
        autoComplete="off"
        error={known(errors.name?.message)}
        registration={form.register('name')}
      />
      <FormField
        id="server-url"
        label={modalText.serverUrl}
        className=""
        type="url"
        autoComplete="off"
        error={known(errors.url?.message)}
        registration={form.register('url')}
      />
    </FormModal>
  );
}
