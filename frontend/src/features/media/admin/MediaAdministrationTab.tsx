import {
  MEDIA_ADMIN_LABELS,
  MEDIA_TOAST_TEXT,
  MEDIA_VALIDATION_TEXT,
  type MediaCompany,
  mediaFolderNameOf,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Card, Col, ListGroup, Modal, Row, Spinner, Table } from 'react-bootstrap';
import {
  failedOnMediaServer,
  tagHasOpenSchedules,
  useConfigureMediaServer,
  useLiveCompany,
  useMediaCounts,
} from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import { AddTagFolderModal } from './AddTagFolderModal';
import { LimitField } from './LimitField';
import { RemoveTagFolderModal } from './RemoveTagFolderModal';

/**
 * Central Media Administration (spec media §2): the company's tag folders, its two limits, its
 * file counts, and the media server set-up of a company that has none.
 */
export function MediaAdministrationTab({ company: opened }: { company: MediaCompany }) {
  const company = useLiveCompany(opened);
  const folder = company.mediaFolderName;
  return (
    <Row className="g-3">
      <Col lg={6}>
        {folder ? (
          <TagFolders company={company} mediaFolderName={folder} />
        ) : (
          <ConfigureCard company={company} />
        )}
      </Col>
      <Col lg={6}>
        <Card className="mb-3">
          <Card.Body>
            <LimitField
              field="mediaFileLimit"
              companyId={company.companyId}
              value={company.mediaFileLimit}
            />
            <LimitField
              field="tagLimit"
              companyId={company.companyId}
              value={company.tagLimit}
              tagCount={company.tagsList.length}
            />
          </Card.Body>
        </Card>
        {folder && <Counts mediaFolderName={folder} tags={company.tagsList} />}
      </Col>
    </Row>
  );
}

function TagFolders({
  company,
  mediaFolderName,
}: {
  company: MediaCompany;
  mediaFolderName: string;
}) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string>();
  const [checking, setChecking] = useState<string>();
  const [refused, setRefused] = useState(false);
  const belowLimit = company.tagsList.length < company.tagLimit;

  const askRemove = async (tag: string) => {
    setRefused(false);
    setChecking(tag);
    try {
      if (await tagHasOpenSchedules(mediaFolderName, tag)) setRefused(true);
      else setRemoving(tag);
    } catch {
      notify.error(
        MEDIA_ADMIN_LABELS.toastTitle.removeTagFolder,
        MEDIA_TOAST_TEXT.getSchedulesFailed,
      );
    } finally {
      setChecking(undefined);
    }
  };

  return (
    <Card>
      <Card.Header as="h2" className="h6">
        {MEDIA_ADMIN_LABELS.tagFolders}
      </Card.Header>
      {refused && (
        <Alert variant="warning" className="m-2" dismissible onClose={() => setRefused(false)}>
          {MEDIA_VALIDATION_TEXT.tagHasActiveSchedules}
        </Alert>
      )}
      <ListGroup as="ul" variant="flush" aria-label={MEDIA_ADMIN_LABELS.tagFolders}>
        {company.tagsList.length === 0 && (
          <ListGroup.Item as="li" className="text-body-secondary">
            {MEDIA_ADMIN_LABELS.noTagFolders}
          </ListGroup.Item>
        )}
        {company.tagsList.map((tag) => (
          <ListGroup.Item
            as="li"
            key={tag}
            className="d-flex align-items-center justify-content-between"
          >
            <span>{tag}</span>
            <Button
              variant="link"
              className="text-danger p-0"
              aria-label={MEDIA_ADMIN_LABELS.removeTagFolder(tag)}
              disabled={checking !== undefined}
              onClick={() => void askRemove(tag)}
            >
              {checking === tag ? (
                <Spinner size="sm" aria-hidden="true" />
              ) : (
                <i className="bi bi-trash" aria-hidden="true" />
              )}
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
      <Card.Footer>
        {belowLimit ? (
          <Button onClick={() => setAdding(true)}>
            <i className="bi bi-folder-plus me-2" aria-hidden="true" />
            {MEDIA_ADMIN_LABELS.addMediaTagFolder}
          </Button>
        ) : (
          <span className="text-body-secondary">
            {MEDIA_VALIDATION_TEXT.maxTagFolders(company.tagLimit)}
          </span>
        )}
      </Card.Footer>
      {adding && <AddTagFolderModal company={company} onClose={() => setAdding(false)} />}
      {removing && (
        <RemoveTagFolderModal
          company={company}
          tag={removing}
          onClose={() => setRemoving(undefined)}
        />
      )}
    </Card>
  );
}

function Counts({ mediaFolderName, tags }: { mediaFolderName: string; tags: string[] }) {
  const counts = useMediaCounts(mediaFolderName, tags);
  const rows: [string, number | undefined][] = [
    [MEDIA_ADMIN_LABELS.totalFiles, counts.data?.total],
    [MEDIA_ADMIN_LABELS.pendingFiles, counts.data?.pending],
    [MEDIA_ADMIN_LABELS.activeFiles, counts.data?.active],
    [MEDIA_ADMIN_LABELS.expiredFiles, counts.data?.expired],
  ];
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        {MEDIA_ADMIN_LABELS.counts}
      </Card.Header>
      <Card.Body>
        {counts.isError && (
          <Alert variant="warning" className="py-2">
            {MEDIA_ADMIN_LABELS.countsUnavailable}
          </Alert>
        )}
        <Table
          size="sm"
          className="mb-0"
          aria-label={MEDIA_ADMIN_LABELS.counts}
          aria-busy={counts.isLoading}
        >
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>
                  {counts.isLoading ? (
                    <Spinner size="sm" aria-label={MEDIA_ADMIN_LABELS.loading} />
                  ) : (
                    (value ?? '-')
                  )}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">{MEDIA_ADMIN_LABELS.tagFolderCount}</th>
              <td>{tags.length}</td>
            </tr>
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}

/**
 * A company without a media folder (spec §2, §5): its folder name is fixed by name and id. One
 * backend call makes the folder on the media server and records it; the toast names the step
 * that failed (spec §8).
 */
function ConfigureCard({ company }: { company: MediaCompany }) {
  const [open, setOpen] = useState(false);
  const configure = useConfigureMediaServer();
  const folder = mediaFolderNameOf(company.companyName, company.companyId);
  const title = MEDIA_ADMIN_LABELS.toastTitle.createMediaFolder;
  const busy = configure.isPending;

  const run = () =>
    configure.mutate(
      { companyId: company.companyId, mediaFolderName: folder },
      {
        onSuccess: () => notify.success(title, MEDIA_ADMIN_LABELS.mediaFolderCreated(folder)),
        onError: (e) =>
          notify.error(
            title,
            failedOnMediaServer(e)
              ? MEDIA_TOAST_TEXT.createMediaFolderFailed
              : MEDIA_TOAST_TEXT.updateDatabaseFailed,
          ),
        onSettled: () => setOpen(false),
      },
    );

  return (
    <Card>
      <Card.Body>
        <p>{MEDIA_VALIDATION_TEXT.companyNotConfigured}</p>
        <Button onClick={() => setOpen(true)}>{MEDIA_ADMIN_LABELS.configureForMediaServer}</Button>
      </Card.Body>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        centered
        aria-labelledby="media-configure-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="media-configure-title">{MEDIA_ADMIN_LABELS.configureTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <dl className="mb-0">
            <dt>{MEDIA_ADMIN_LABELS.mediaFolderName}</dt>
            <dd className="mb-0">{folder}</dd>
          </dl>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            {MEDIA_ADMIN_LABELS.cancel}
          </Button>
          <Button onClick={run} disabled={busy}>
            {MEDIA_ADMIN_LABELS.configure}
          </Button>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}
