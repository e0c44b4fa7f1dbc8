import { MESSAGING_LABELS, type PortalCompany, type PortalStore } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { clickable } from '../../ui/clickable';
import { type Column, SearchableTable } from '../../ui/SearchableTable';

const companyColumns: Column<PortalCompany>[] = [
  { header: MESSAGING_LABELS.companyId, cell: (c) => c.companyId },
  { header: MESSAGING_LABELS.companyName, cell: (c) => c.companyName },
];

const storeColumns: Column<PortalStore>[] = [
  { header: MESSAGING_LABELS.storeId, cell: (s) => s.storeId },
  { header: MESSAGING_LABELS.storeName, cell: (s) => s.storeName },
];

/**
 * The searchable company table (spec §2, §5 search from 3 characters). With `checkboxes` (By
 * Company, issue 30) each row has a box saying whether all its stores are targets.
 */
export function CompanyTable({
  companies,
  isSelected = () => false,
  onChoose,
  checkboxes = false,
}: {
  companies: readonly PortalCompany[];
  isSelected?: (company: PortalCompany) => boolean;
  onChoose: (company: PortalCompany) => void;
  checkboxes?: boolean;
}) {
  const box: Column<PortalCompany> = {
    header: '',
    label: MESSAGING_LABELS.targetColumn,
    cell: (c) => (
      <Form.Check
        id={`target-company-${c.companyId}`}
        aria-label={MESSAGING_LABELS.selectCompany(c.companyName)}
        checked={isSelected(c)}
        // The row's click toggles it; the box only shows and names the state.
        onClick={(e) => e.stopPropagation()}
        onChange={() => onChoose(c)}
      />
    ),
  };
  return (
    <SearchableTable
      rows={companies}
      searchLabel={MESSAGING_LABELS.search}
      searchFields={(c) => [c.companyId, c.companyName]}
      tableLabel={MESSAGING_LABELS.companies}
      columns={checkboxes ? [box, ...companyColumns] : companyColumns}
      rowKey={(c) => c.companyId}
      rowProps={(c) => clickable(() => onChoose(c), { selected: isSelected(c) })}
      maxHeight={800}
    />
  );
}

/** The searchable store table of one company. */
function StoreTable({
  company,
  isSelected,
  onChoose,
  onBack,
}: {
  company: PortalCompany;
  isSelected: (store: PortalStore) => boolean;
  onChoose: (store: PortalStore) => void;
  /** Back to the company table; absent when the user has one company. */
  onBack?: () => void;
}) {
  return (
    <>
      <div className="d-flex align-items-center justify-content-between mb-2 gap-2">
        <h2 className="h6 mb-0">
          {company.companyName} ({company.companyId})
        </h2>
        {onBack && (
          <Button size="sm" variant="outline-secondary" onClick={onBack}>
            {MESSAGING_LABELS.backToCompanies}
          </Button>
        )}
      </div>
      <SearchableTable
        rows={[...company.stores].sort((a, b) => a.storeId - b.storeId)}
        searchLabel={MESSAGING_LABELS.search}
        searchFields={(s) => [s.storeId, s.storeName]}
        tableLabel={MESSAGING_LABELS.stores}
        columns={storeColumns}
        rowKey={(s) => s.storeId}
        rowProps={(s) => clickable(() => onChoose(s), { selected: isSelected(s) })}
        maxHeight={800}
      />
    </>
  );
}

/** Company then store: the company step is skipped for a user with one company. */
export function CompanyStorePicker({
  companies,
  isSelected,
  onChoose,
}: {
  companies: readonly PortalCompany[];
  isSelected: (store: PortalStore) => boolean;
  onChoose: (store: PortalStore, company: PortalCompany) => void;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const single = companies.length === 1 ? companies[0] : undefined;
  const company = single ?? companies.find((c) => c.companyId === chosen);
  if (!company)
    return <CompanyTable companies={companies} onChoose={(c) => setChosen(c.companyId)} />;
  return (
    <StoreTable
      company={company}
      isSelected={isSelected}
      onChoose={(store) => onChoose(store, company)}
      onBack={single ? undefined : () => setChosen(null)}
    />
  );
}
