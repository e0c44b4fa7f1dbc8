import { BACKUP_MODAL_TEXT } from '@store-cloud/contracts';
import type { ComponentProps } from 'react';
import { ConfirmModal as YesNoModal } from '../../ui/ConfirmModal';

/** A yes/no question: Delete Server, Delete Backup and Confirm Restore. */
export function ConfirmModal(
  props: Omit<ComponentProps<typeof YesNoModal>, 'yesLabel' | 'noLabel'>,
) {
  return <YesNoModal {...props} yesLabel={BACKUP_MODAL_TEXT.yes} noLabel={BACKUP_MODAL_TEXT.no} />;
}
