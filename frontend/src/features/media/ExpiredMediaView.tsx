import { MEDIA_FOLDER, type MediaCompany, type MediaFile } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { FileList } from './FileList';
import { FileActionModal, useFileActions } from './file-actions';
import { mediaLabelsSet } from '../../i18n/sets/media';
import { useTexts } from '../../i18n/useTexts';

/** Expired Media (spec §2): select-all, Delete Selected Files, Move Selected Files to Pending. */
export function ExpiredMediaView({
  company,
  folder,
  files,
  loading,
}: {
  company: MediaCompany;
  folder: string;
  files: readonly MediaFile[];
  loading: boolean;
}) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const actions = useFileActions(company, folder, () => setSelected(new Set()));
  const chosen = files.filter((f) => selected.has(f.filename)).map((f) => f.filename);
  return (
    <div>
      <FileList
        folder={folder}
        files={files}
        loading={loading}
        emptyText={mediaLabels.noExpiredMedia}
        selected={selected}
        onSelect={setSelected}
      />
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button
          variant="danger"
          disabled={!chosen.length}
          onClick={() => actions.ask({ kind: 'delete', area: MEDIA_FOLDER.expired, files: chosen })}
        >
          {mediaLabels.deleteSelectedFiles}
        </Button>
        <Button
          disabled={!chosen.length}
          onClick={() => actions.ask({ kind: 'move', files: chosen })}
        >
          {mediaLabels.moveSelectedFilesToPending}
        </Button>
      </div>
      <FileActionModal actions={actions} />
    </div>
  );
}
