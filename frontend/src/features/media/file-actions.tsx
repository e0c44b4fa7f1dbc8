import {
  MEDIA_FOLDER,
  MEDIA_LABELS,
  MEDIA_TOAST_TEXT,
  MEDIA_VALIDATION_TEXT,
  type MediaCompany,
  type MediaResult,
} from '@store-cloud/contracts';
import { useState } from 'react';
import {
  type MediaAction,
  tagArea,
  useMediaAction,
  useRefreshMediaLists,
} from '../../api/useMediaFiles';
import { notify } from '../../ui/notify';
import { ConfirmModal } from '../../ui/ConfirmModal';

/** What the file buttons of the three lists do; each asks first except Update Media Now. */
export type FileAction =
  | { kind: 'delete'; area: string; files: string[] }
  | { kind: 'expire'; files: { tag: string; filename: string }[] }
  | { kind: 'move'; files: string[] }
  | { kind: 'update'; tag: string; files: string[]; replace?: boolean };

/** The media server calls of one action: expiring files of several tags is one call per tag. */
function calls(action: FileAction): MediaAction[] {
  switch (action.kind) {
    case 'delete':
    case 'update':
      return [action];
    case 'move':
      return [
        { kind: 'move', from: MEDIA_FOLDER.expired, to: MEDIA_FOLDER.pending, files: action.files },
      ];
    case 'expire': {
      const byTag = new Map<string, string[]>();
      for (const f of action.files) byTag.set(f.tag, [...(byTag.get(f.tag) ?? []), f.filename]);
      return [...byTag].map(([tag, files]) => ({
        kind: 'move',
        from: tagArea(tag),
        to: MEDIA_FOLDER.expired,
        files,
      }));
    }
  }
}

const count = (action: FileAction) => action.files.length;

/** The toasts of spec §8 for each outcome. */
function report(action: FileAction, company: string, results: MediaResult[] | null) {
  const { toastTitle: t } = MEDIA_LABELS;
  const failed = results?.flatMap((r) => r.failedFiles ?? []) ?? [];
  const ok = !!results && results.every((r) => r.success) && !failed.length;
  switch (action.kind) {
    case 'delete':
      if (ok) return notify.success(t.deleteMedia, MEDIA_TOAST_TEXT.filesDeleted(company));
      if (results && failed.length)
        return notify.error(
          t.deleteMedia,
          MEDIA_TOAST_TEXT.someFilesNotDeleted(failed.length, company),
        );
      return notify.error(t.deleteMedia, MEDIA_TOAST_TEXT.deleteFailed(company));
    case 'expire':
      return ok
        ? notify.success(t.expireFiles, MEDIA_TOAST_TEXT.filesExpired)
        : notify.error(t.expireFiles, MEDIA_TOAST_TEXT.expireFailed);
    case 'move':
      return ok
        ? notify.success(t.moveFiles, MEDIA_LABELS.filesMoved)
        : notify.error(t.moveFiles, MEDIA_TOAST_TEXT.moveFailed);
    case 'update':
      return ok
        ? notify.success(t.updateMedia, MEDIA_LABELS.mediaUpdated(action.tag))
        : notify.error(t.updateMedia, MEDIA_TOAST_TEXT.updateMediaFailed);
  }
}

export function useFileActions(company: MediaCompany, folder: string, onDone: () => void) {
  const mutation = useMediaAction(folder);
  const refresh = useRefreshMediaLists(folder);
  const [asked, setAsked] = useState<FileAction | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: FileAction, after?: () => void) => {
    if (action.kind === 'delete' && !action.files.length) {
      notify.warning(
        MEDIA_LABELS.toastTitle.deleteSelected,
        MEDIA_VALIDATION_TEXT.noFilesForDeletion,
      );
      return;
    }
    setBusy(true);
    let results: MediaResult[] | null = null;
    try {
      results = [];
      for (const call of calls(action)) results.push(await mutation.mutateAsync(call));
    } catch {
      results = null;
    }
    setBusy(false);
    setAsked(null);
    report(action, company.companyName, results);
    onDone();
    after?.();
  };

  return {
    ask: setAsked,
    asked,
    run,
    busy,
    refresh: () => void refresh(),
    cancel: () => setAsked(null),
  };
}

export type FileActions = ReturnType<typeof useFileActions>;

/** The question before delete, expire and move. */
export function FileActionModal({ actions }: { actions: FileActions }) {
  const { asked } = actions;
  if (!asked || asked.kind === 'update') return null;
  const text = {
    delete: [MEDIA_LABELS.deleteFilesTitle, MEDIA_LABELS.deleteFilesConfirm, MEDIA_LABELS.delete],
    expire: [MEDIA_LABELS.expireFilesTitle, MEDIA_LABELS.expireFilesConfirm, MEDIA_LABELS.expire],
    move: [MEDIA_LABELS.moveFilesTitle, MEDIA_LABELS.moveFilesConfirm, MEDIA_LABELS.move],
  } as const;
  const [title, body, action] = text[asked.kind];
  return (
    <ConfirmModal
      title={title}
      yesLabel={action}
      noLabel={MEDIA_LABELS.cancel}
      variant={asked.kind === 'delete' ? 'danger' : 'primary'}
      busy={actions.busy}
      onNo={actions.cancel}
      onYes={() => void actions.run(asked)}
    >
      {body(count(asked))}
    </ConfirmModal>
  );
}
