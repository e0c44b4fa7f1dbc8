import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BackupServer,
  type BackupSummary,
  restoreBackupJobSchema,
} from '@store-cloud/contracts';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useKnownText } from '../../i18n/known-text';
import { backupModalTextSet, backupTextSet } from '../../i18n/sets/backups';
import { validationSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';
import { FormModal } from '../../ui/FormModal';
import { backupLabel } from './BackupTables';

/** The server the backend restores to, checked as it checks it. */
const restoreFormSchema = restoreBackupJobSchema.pick({ serverName: true });
type Values = z.input<typeof restoreFormSchema>;

/** Restore Backup: choose the server to restore to, then Cancel or Proceed (spec §2, §4). */
export function RestoreModal({
  backup,
  servers,
  onCancel,
  onProceed,
}: {
  backup: BackupSummary;
  servers: BackupServer[];
  onCancel: () => void;
  onProceed: (serverName: string) => void;
}) {
  const backupText = useTexts(backupTextSet);
  const modalText = useTexts(backupModalTextSet);
  const known = useKnownText([validationSet]);
  const form = useForm<Values>({
    resolver: zodResolver(restoreFormSchema),
    defaultValues: { serverName: '' },
    reValidateMode: 'onSubmit',
  });
  const message = form.formState.errors.serverName?.message;
  // The schema's check says it in English: the same text in the page's language.
  const error = known(message);
  return (
    <FormModal
      title={`${modalText.restoreBackup}: ${backupLabel(backup)}`}
      onClose={onCancel}
      onSubmit={form.handleSubmit((v) => onProceed(v.serverName))}
      cancelLabel={modalText.cancel}
      submitLabel={modalText.proceed}
      centered
    >
      <Form.Select
        aria-label={backupText.selectServer}
        isInvalid={!!error}
        // Choosing anything takes the message away until the next Proceed.
        {...form.register('serverName', { onChange: () => form.clearErrors('serverName') })}
      >
        <option value="">{backupText.selectServer}</option>
        {servers.map((s) => (
          <option key={s.name} value={s.name}>
            {s.name}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </FormModal>
  );
}
