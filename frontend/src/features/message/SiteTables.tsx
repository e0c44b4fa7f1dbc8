import { MESSAGING_LABELS, type PortalCompany, type PortalStore } from '@store-cloud/contracts';
import { type KeyboardEvent, useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { matchesSearch } from '../../ui/search';

/** A row chosen by click or by Enter. */
export const clickable = (onChoose: () => void, selected = false) => ({
  tabIndex: 0,
  style: { cursor: 'pointer' },
  'aria-selected': selected,
  className: selected ? 'table-primary' : undefined,
  onClick: onChoose,
  onKeyDown: (e: KeyboardEvent) => {
    if (e.key === 'Enter') onChoose();
  },
});

function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Form.Control
      className="mb-2"
      type="search"
      placeholder={MESSAGING_LABELS.search}
      aria-label={MESSAGING_LABELS.search}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The searchable company table (spec §2, §5 search from 3 characters). */
export function CompanyTable({
  companies,
  isSelected = () => false,
  onChoose,
}: {
  companies: readonly PortalCompany[];
  isSelected?: (company: PortalCompany) => boolean;
  onChoose: (company: PortalCompany) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = companies.filter((c) => matchesSearch(search, c.companyId, c.companyName));
  return (
    <>
      <SearchBox value={search} onChange={setSearch} />
      <div style={{ maxHeight: 800, overflowY: 'auto' }}>
        <Table hover size="sm" aria-label={MESSAGING_LABELS.companies}>
          <thead>
            <tr>
              <th>{MESSAGING_LABELS.companyId}</th>
              <th>{MESSAGING_LABELS.companyName}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((c) => (
              <tr key={c.companyId} {...clickable(() => onChoose(c), isSelected(c))}>
                <td>{c.companyId}</td>
                <td>{c.companyName}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}

/** The searchable store table of one company. */
export function StoreTable({
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
  const [search, setSearch] = useState('');
  const shown = [...company.stores]
    .sort((a, b) => a.storeId - b.storeId)
    .filter((s) => matchesSearch(search, s.storeId, s.storeName));
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
      <SearchBox value={search} onChange={setSearch} />
      <div style={{ maxHeight: 800, overflowY: 'auto' }}>
        <Table hover size="sm" aria-label={MESSAGING_LABELS.stores}>
          <thead>
            <tr>
              <th>{MESSAGING_LABELS.storeId}</th>
              <th>{MESSAGING_LABELS.storeName}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr key={s.storeId} {...clickable(() => onChoose(s), isSelected(s))}>
                <td>{s.storeId}</td>
                <td>{s.storeName}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
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
