import { type PortalCompany, type PortalStore } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { messagingLabelsSet } from '../../i18n/sets/message';
import { companyLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';
import { clickable } from '../../ui/clickable';
import { type Column, SearchableTable } from '../../ui/SearchableTable';

/** The id and name columns of companies, or of stores, in the page's language. */
function useColumns() {
  const C = useTexts(companyLabelsSet);
  const companies: Column<PortalCompany>[] = [
    { header: C.companyId, cell: (c) => c.companyId },
    { header: C.companyName, cell: (c) => c.companyName },
  ];
  const stores: Column<PortalStore>[] = [
    { header: C.storeId, cell: (s) => s.storeId },
    { header: C.storeName, cell: (s) => s.storeName },
  ];
  return { C, companies, stores };
}

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
  const L = useTexts(messagingLabelsSet);
  const { C, companies: companyColumns } = useColumns();
  const box: Column<PortalCompany> = {
    header: '',
    label: L.targetColumn,
    cell: (c) => (
      <Form.Check
        id={`target-company-${c.companyId}`}
        aria-label={L.selectCompany(c.companyName)}
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
      searchLabel={C.search}
      searchFields={(c) => [c.companyId, c.companyName]}
      tableLabel={L.companies}
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
  const L = useTexts(messagingLabelsSet);
  const { C, stores: storeColumns } = useColumns();
  return (
    <>
      <div className="d-flex align-items-center justify-content-between mb-2 gap-2">
        <h2 className="h6 mb-0">
          {company.companyName} ({company.companyId})
        </h2>
        {onBack && (
          <Button size="sm" variant="outline-secondary" onClick={onBack}>
            {C.backToCompanySelect}
          </Button>
        )}
      </div>
      <SearchableTable
        rows={[...company.stores].sort((a, b) => a.storeId - b.storeId)}
        searchLabel={C.search}
        searchFields={(s) => [s.storeId, s.storeName]}
        tableLabel={L.stores}
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
