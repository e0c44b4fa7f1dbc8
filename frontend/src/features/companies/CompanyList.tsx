import { type CloudCompany, SCROLL_HEIGHT } from '@store-cloud/contracts';
import { Button, Card, ListGroup } from 'react-bootstrap';
import { companiesTextSet } from '../../i18n/sets/companies';
import { companyLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

export function CompanyList({
  title,
  companies,
  onClick,
  onDoubleClick,
  onEdit,
  canEdit,
}: {
  title: string;
  companies: CloudCompany[];
  onClick?: (c: CloudCompany) => void;
  onDoubleClick?: (c: CloudCompany) => void;
  onEdit?: (c: CloudCompany) => void;
  canEdit?: (c: CloudCompany) => boolean;
}) {
  const companiesText = useTexts(companiesTextSet);
  const companyLabels = useTexts(companyLabelsSet);
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        {title}
      </Card.Header>
      <ListGroup
        as="ul"
        variant="flush"
        aria-label={title}
        style={{ maxHeight: SCROLL_HEIGHT.companies, overflowY: 'auto' }}
      >
        {!companies.length && (
          <ListGroup.Item as="li" className="text-muted">
            {companiesText.noCompanies}
          </ListGroup.Item>
        )}
        {companies.map((c) => (
          <ListGroup.Item
            as="li"
            key={c.companyId}
            action={!!onClick}
            className="d-flex align-items-center gap-2"
            onClick={onClick ? () => onClick(c) : undefined}
            onDoubleClick={onDoubleClick ? () => onDoubleClick(c) : undefined}
          >
            <span className="flex-grow-1">
              {c.companyId} - {c.companyName}
            </span>
            {onEdit && canEdit?.(c) && (
              <Button
                variant="link"
                size="sm"
                aria-label={companyLabels.editCompany(c.companyName)}
                onClick={(e) => {
                  e.stopPropagation();
                  onEdit(c);
                }}
              >
                <i className="bi bi-pencil-square" aria-hidden="true" />
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );
}
