import { MEDIA_LABELS } from '@store-cloud/contracts';
import type { ComponentProps } from 'react';
import { ConfirmModal as QuestionModal } from '../../ui/ConfirmModal';

/**
 * A question of the media screen (delete, expire and move files, delete a schedule): the button
 * names the action, and only a destructive one (delete) is red.
 */
export function ConfirmModal({
  action,
  destructive = false,
  ...props
}: Omit<ComponentProps<typeof QuestionModal>, 'yesLabel' | 'noLabel' | 'variant'> & {
  action: string;
  destructive?: boolean;
}) {
  return (
    <QuestionModal
      {...props}
      yesLabel={action}
      noLabel={MEDIA_LABELS.cancel}
      variant={destructive ? 'danger' : 'primary'}
    />
  );
}
