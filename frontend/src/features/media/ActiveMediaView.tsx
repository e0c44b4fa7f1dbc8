import { type MediaCompany, type Schedule } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import type { ActiveMediaFile } from '../../api/useMediaFiles';
import { FILE_LIST_HEIGHT, Loading } from './FileList';
import { FileActionModal, useFileActions } from './file-actions';
import { MediaThumb, usePreview } from './MediaPreview';
import {
  fileSize,
  nextSort,
  showCreated,
  showDate,
  type Sort,
  sortRows,
  toggleOne,
} from './media-rules';
import { SortHeader } from './SortHeader';
import { mediaLabelsSet } from '../../i18n/sets/media';
import type { TextsOf } from '../../i18n/text-set';
import { useTexts } from '../../i18n/useTexts';

type Column = 'filename' | 'filesize' | 'tagName' | 'timestamp';
const keyOf = (f: ActiveMediaFile) => `${f.tagName}/${f.filename}`;
const sortColumns = (
  mediaLabels: TextsOf<typeof mediaLabelsSet>,
): ReadonlyArray<[string, Column]> => [
  [mediaLabels.fileName, 'filename'],
  [mediaLabels.fileSize, 'filesize'],
  [mediaLabels.tagFolder, 'tagName'],
  [mediaLabels.created, 'timestamp'],
];

/** Active Media (spec §2): the files of every tag folder; Expire Selected Files. */
export function ActiveMediaView({
  company,
  folder,
  files,
  loading,
  schedules,
}: {
  company: MediaCompany;
  folder: string;
  files: readonly ActiveMediaFile[];
  loading: boolean;
  schedules: readonly Schedule[];
}) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const [sort, setSort] = useState<Sort<Column>>({ key: 'filename', asc: true });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const actions = useFileActions(company, folder, () => setSelected(new Set()));
  const rows = sortRows(files, sort, (f, k) => f[k]);
  const preview = usePreview(folder, rows);
  const chosen = rows.filter((f) => selected.has(keyOf(f)));
  const scheduleOf = (f: ActiveMediaFile) =>
    schedules.find(
      (s) => s.status === 'ACTIVE' && s.destination === f.tagName && s.files.includes(f.filename),
    );
  const toggle = (key: string) => setSelected(toggleOne(selected, key));
  const onSort = (key: Column) => setSort(nextSort(sort, key));

  return (
    <div>
      {loading ? (
        <Loading />
      ) : !rows.length ? (
        <p className="text-body-secondary">{mediaLabels.noActiveMedia}</p>
      ) : (
        <div style={{ maxHeight: FILE_LIST_HEIGHT, overflowY: 'auto' }}>
          <Table hover size="sm" responsive className="align-middle">
            <thead>
              <tr>
                <th aria-label={mediaLabels.selectAll} />
                {sortColumns(mediaLabels).map(([label, column]) => (
                  <SortHeader
                    key={column}
                    label={label}
                    column={column}
                    sort={sort}
                    onSort={onSort}
                  />
                ))}
                <th>{mediaLabels.startDate}</th>
                <th>{mediaLabels.endDate}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f, i) => {
                const s = scheduleOf(f);
                return (
                  <tr key={keyOf(f)} data-testid="active-media-row">
                    <td>
                      <Form.Check
                        aria-label={mediaLabels.selectFile(f.filename)}
                        checked={selected.has(keyOf(f))}
                        onChange={() => toggle(keyOf(f))}
                      />
                    </td>
                    <td>
                      <div className="d-flex align-items-center gap-2">
                        <MediaThumb folder={folder} file={f} onOpen={() => preview.open(i)} />
                        <span className="text-break">{f.filename}</span>
                      </div>
                    </td>
                    <td className="text-nowrap">{fileSize(f.filesize)}</td>
                    <td className="text-break">{f.tagName}</td>
                    <td className="text-nowrap">{showCreated(f.timestamp)}</td>
                    <td className="text-nowrap">
                      {s ? showDate(s.startDate) : mediaLabels.noDate}
                    </td>
                    <td className="text-nowrap">{s ? showDate(s.endDate) : mediaLabels.noDate}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      <Button
        className="mt-3"
        variant="warning"
        disabled={!chosen.length}
        onClick={() =>
          actions.ask({
            kind: 'expire',
            files: chosen.map((f) => ({ tag: f.tagName, filename: f.filename })),
          })
        }
      >
        {mediaLabels.expireSelectedFiles}
      </Button>
      {preview.modal}
      <FileActionModal actions={actions} />
    </div>
  );
}
