import { type MediaFile } from '@store-cloud/contracts';
import type { ReactNode } from 'react';
import { Form, ListGroup } from 'react-bootstrap';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { MediaThumb, usePreview } from './MediaPreview';
import { fileSize, showCreated, toggleAll, toggleOne } from './media-rules';
import { mediaLabelsSet } from '../../i18n/sets/media';
import { useTexts } from '../../i18n/useTexts';

/** Spec media §2 layout: the file list scrolls from 350 px. */
export const FILE_LIST_HEIGHT = 350;

export function Loading() {
  const mediaLabels = useTexts(mediaLabelsSet);
  return <LoadingSpinner label={mediaLabels.loading} />;
}

/** The pending and expired lists by name: select-all, one row per file with preview and details. */
export function FileList({
  folder,
  files: given,
  loading,
  emptyText,
  selected,
  onSelect,
  selectable = () => true,
  extra,
}: {
  folder: string;
  files: readonly MediaFile[];
  loading: boolean;
  emptyText: string;
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  selectable?: (file: MediaFile) => boolean;
  extra?: (file: MediaFile) => ReactNode;
}) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const files = [...given].sort((a, b) => a.filename.localeCompare(b.filename));
  const preview = usePreview(folder, files);
  if (loading) return <Loading />;
  if (!files.length) return <p className="text-body-secondary">{emptyText}</p>;
  const names = files.filter(selectable).map((f) => f.filename);
  const allSelected = names.length > 0 && names.every((n) => selected.has(n));
  return (
    <>
      <Form.Check
        id={`select-all-${folder}`}
        className="mb-2"
        label={mediaLabels.selectAll}
        checked={allSelected}
        disabled={!names.length}
        onChange={() => onSelect(toggleAll(names, selected))}
      />
      <ListGroup style={{ maxHeight: FILE_LIST_HEIGHT, overflowY: 'auto' }}>
        {files.map((f, i) => (
          <ListGroup.Item
            key={f.filename}
            className="d-flex align-items-center gap-3"
            data-testid="media-file"
          >
            <Form.Check
              aria-label={mediaLabels.selectFile(f.filename)}
              checked={selected.has(f.filename)}
              disabled={!selectable(f)}
              onChange={() => onSelect(toggleOne(selected, f.filename))}
            />
            <MediaThumb folder={folder} file={f} onOpen={() => preview.open(i)} />
            <div className="flex-grow-1 min-w-0">
              <div className="text-break">{f.filename}</div>
              <small className="text-body-secondary">
                {fileSize(f.filesize)} · {showCreated(f.timestamp)}
              </small>
            </div>
            {extra?.(f)}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {preview.modal}
    </>
  );
}
