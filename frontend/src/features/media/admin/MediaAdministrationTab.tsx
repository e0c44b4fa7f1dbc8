import { type MediaCompany } from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Card, Col, ListGroup, Row, Spinner } from 'react-bootstrap';
import { tagHasOpenSchedules, useLiveCompany } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import { AddTagFolderModal } from './AddTagFolderModal';
import { LimitField } from './LimitField';
import { RemoveTagFolderModal } from './RemoveTagFolderModal';
import { Counts } from './MediaCounts';
import { ConfigureCard } from './ConfigureCard';
import {
  mediaAdminLabelsSet,
  mediaToastTextSet,
  mediaValidationTextSet,
} from '../../../i18n/sets/media';
import { useTexts } from '../../../i18n/useTexts';

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
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mediaAdminLabels = useTexts(mediaAdminLabelsSet);
  const mediaToastText = useTexts(mediaToastTextSet);
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
      notify.error(mediaAdminLabels.toastTitle.removeTagFolder, mediaToastText.getSchedulesFailed);
    } finally {
      setChecking(undefined);
    }
  };

  return (
    <Card>
      <Card.Header as="h2" className="h6">
        {mediaAdminLabels.tagFolders}
      </Card.Header>
      {refused && (
        <Alert variant="warning" className="m-2" dismissible onClose={() => setRefused(false)}>
          {mediaValidationText.tagHasActiveSchedules}
        </Alert>
      )}
      <ListGroup as="ul" variant="flush" aria-label={mediaAdminLabels.tagFolders}>
        {company.tagsList.length === 0 && (
          <ListGroup.Item as="li" className="text-body-secondary">
            {mediaAdminLabels.noTagFolders}
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
              aria-label={mediaAdminLabels.removeTagFolder(tag)}
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
            {mediaAdminLabels.addMediaTagFolder}
          </Button>
        ) : (
          <span className="text-body-secondary">
            {mediaValidationText.maxTagFolders(company.tagLimit)}
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
