import { siteKey, type TargetSite } from '@store-cloud/contracts';
import { Button, Card, ListGroup } from 'react-bootstrap';
import { messagingLabelsSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { SavedSelections } from '../bulk-actions/SavedSelections';

/** The right panel: the target sites and the clear button (spec §2). */
export function TargetPanel({
  targets,
  onClear,
  onUseSelection,
  disabled,
}: {
  targets: readonly TargetSite[];
  onClear: () => void;
  /** A saved selection (issue 32) resolved now: its stores become the target sites. */
  onUseSelection?: (sites: TargetSite[]) => void;
  disabled: boolean;
}) {
  const L = useTexts(messagingLabelsSet);
  return (
    <Card as="aside" aria-label={L.targetSites}>
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">
          {L.targetSites} ({targets.length})
        </h2>
        {/* Solid: the outlined red is 4.26:1 on the card header's grey (axe, issue 30). */}
        <Button size="sm" variant="danger" disabled={disabled || !targets.length} onClick={onClear}>
          {L.clearTargets}
        </Button>
      </Card.Header>
      {targets.length ? (
        <ListGroup variant="flush" style={{ maxHeight: 600, overflowY: 'auto' }}>
          {targets.map((t) => (
            <ListGroup.Item key={siteKey(t)}>
              {t.companyName} - {t.storeName} ({siteKey(t)})
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : (
        <Card.Body className="text-muted">{L.noTargets}</Card.Body>
      )}
      {onUseSelection && <SavedSelections onUse={onUseSelection} disabled={disabled} />}
    </Card>
  );
}
