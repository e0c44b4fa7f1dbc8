import { MEDIA_LABELS } from '@store-cloud/contracts';
import type { ComponentProps } from 'react';
import { ConfirmModal as YesNoModal } from '../../ui/ConfirmModal';

/** A yes/no question of the media screen: delete, expire and move files, delete a schedule. */
export function ConfirmModal(
  props: Omit<ComponentProps<typeof YesNoModal>, 'yesLabel' | 'noLabel' | 'variant'>,
) {
  return <YesNoModal {...props} yesLabel={MEDIA_LABELS.yes} noLabel={MEDIA_LABELS.no} />;
}
