import { zodResolver } from '@hookform/resolvers/zod';
import {
  BACKUP_MODAL_TEXT,
  BACKUP_TEXT,
  type BackupServer,
  type BackupSummary,
  restoreBackupJobSchema,
} from '@store-cloud/contracts';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
  const form = useForm<Values>({
    resolver: zodResolver(restoreFormSchema),
    defaultValues: { serverName: '' },
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.serverName?.message;
  return (
    <FormModal
      title={`${BACKUP_MODAL_TEXT.restoreBackup}: ${backupLabel(backup)}`}
      onClose={onCancel}
      onSubmit={form.handleSubmit((v) => onProceed(v.serverName))}
      cancelLabel={BACKUP_MODAL_TEXT.cancel}
      submitLabel={BACKUP_MODAL_TEXT.proceed}
      centered
    >
      <Form.Select
        aria-label={BACKUP_TEXT.selectServer}
        isInvalid={!!error}
        // Choosing anything takes the message away until the next Proceed.
        {...form.register('serverName', { onChange: () => form.clearErrors('serverName') })}
      >
        <option value="">{BACKUP_TEXT.selectServer}</option>
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
