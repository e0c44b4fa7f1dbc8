import { MEDIA_FOLDER, type MediaCompany, type MediaResult } from '@store-cloud/contracts';
import { useState } from 'react';
import {
  type MediaAction,
  tagArea,
  useMediaAction,
  useRefreshMediaLists,
} from '../../api/useMediaFiles';
import { notify } from '../../ui/notify';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { mediaLabelsSet, mediaToastTextSet, mediaValidationTextSet } from '../../i18n/sets/media';
import { textsNow, useTexts } from '../../i18n/useTexts';

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
  const mediaLabels = textsNow(mediaLabelsSet);
  const mediaToastText = textsNow(mediaToastTextSet);
  const { toastTitle: t } = mediaLabels;
  const failed = results?.flatMap((r) => r.failedFiles ?? []) ?? [];
  const ok = !!results && results.every((r) => r.success) && !failed.length;
  switch (action.kind) {
    case 'delete':
      if (ok) return notify.success(t.deleteMedia, mediaToastText.filesDeleted(company));
      if (results && failed.length)
        return notify.error(
          t.deleteMedia,
          mediaToastText.someFilesNotDeleted(failed.length, company),
        );
      return notify.error(t.deleteMedia, mediaToastText.deleteFailed(company));
    case 'expire':
      return ok
        ? notify.success(t.expireFiles, mediaToastText.filesExpired)
        : notify.error(t.expireFiles, mediaToastText.expireFailed);
    case 'move':
      return ok
        ? notify.success(t.moveFiles, mediaLabels.filesMoved)
        : notify.error(t.moveFiles, mediaToastText.moveFailed);
    case 'update':
      return ok
        ? notify.success(t.updateMedia, mediaLabels.mediaUpdated(action.tag))
        : notify.error(t.updateMedia, mediaToastText.updateMediaFailed);
  }
}

export function useFileActions(company: MediaCompany, folder: string, onDone: () => void) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mutation = useMediaAction(folder);
  const refresh = useRefreshMediaLists(folder);
  const [asked, setAsked] = useState<FileAction | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: FileAction, after?: () => void) => {
    if (action.kind === 'delete' && !action.files.length) {
      notify.warning(mediaLabels.toastTitle.deleteSelected, mediaValidationText.noFilesForDeletion);
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
  const mediaLabels = useTexts(mediaLabelsSet);
  const { asked } = actions;
  if (!asked || asked.kind === 'update') return null;
  const text = {
    delete: [mediaLabels.deleteFilesTitle, mediaLabels.deleteFilesConfirm, mediaLabels.delete],
    expire: [mediaLabels.expireFilesTitle, mediaLabels.expireFilesConfirm, mediaLabels.expire],
    move: [mediaLabels.moveFilesTitle, mediaLabels.moveFilesConfirm, mediaLabels.move],
  } as const;
  const [title, body, action] = text[asked.kind];
  return (
    <ConfirmModal
      title={title}
      yesLabel={action}
      noLabel={mediaLabels.cancel}
      variant={asked.kind === 'delete' ? 'danger' : 'primary'}
      busy={actions.busy}
      onNo={actions.cancel}
      onYes={() => void actions.run(asked)}
    >
      {body(count(asked))}
    </ConfirmModal>
  );
}
