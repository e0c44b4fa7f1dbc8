import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { notify } from '../../ui/notify';

/** The texts of a delete, the same for alert rules and webhooks. */
export interface DeleteText {
  confirmDeleteTitle: string;
  confirmDelete: (name: string) => string;
  yes: string;
  no: string;
  toast: {
    title: string;
    deleted: (name: string) => string;
    deleteError: (name: string) => string;
  };
}

/** Asks before deleting a named item, then says how the delete went. */
export function ConfirmDelete({
  item,
  text,
  remove,
  onDone,
}: {
  item: { id: string; name: string };
  text: DeleteText;
  remove: UseMutationResult<unknown, Error, string>;
  onDone: () => void;
}) {
  const { toast } = text;
  const yes = () =>
    remove.mutate(item.id, {
      onSuccess: () => notify.success(toast.title, toast.deleted(item.name)),
      onError: (e) => notify.error(toast.title, toast.deleteError(item.name), e),
      onSettled: onDone,
    });
  return (
    <ConfirmModal
      title={text.confirmDeleteTitle}
      yesLabel={text.yes}
      noLabel={text.no}
      busy={remove.isPending}
      onYes={yes}
      onNo={onDone}
    >
      {text.confirmDelete(item.name)}
    </ConfirmModal>
  );
}
