import {
  type AccessCompany,
  type AccessStore,
  USER_ADMIN_LABELS,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Accordion, Button, Form } from 'react-bootstrap';
import { matchesSearch } from '../../ui/search';

/** One company in 'Allowed Companies and Stores': store search, Select All, per-store switches. */
export function CompanyAccessItem({
  company,
  stores,
  onStoresChange,
  onRemove,
  onStoreClick,
}: {
  company: AccessCompany;
  stores: AccessStore[];
  onStoresChange: (stores: AccessStore[]) => void;
  onRemove: () => void;
  onStoreClick: (store: AccessStore) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = stores.filter((s) => matchesSearch(search, s.storeName, s.storeId));
  const allEnabled = stores.length > 0 && stores.every((s) => s.enabled);
  const setEnabled = (ids: Set<number>, enabled: boolean) =>
    onStoresChange(stores.map((s) => (ids.has(s.storeId) ? { ...s, enabled } : s)));
  const key = `company-${company.companyId}`;

  return (
    <Accordion.Item eventKey={key} data-testid={key}>
      <Accordion.Header>
        {company.companyName} ({company.companyId})
      </Accordion.Header>
      <Accordion.Body>
        <div className="d-flex flex-wrap gap-3 align-items-center mb-2">
          <Form.Control
            type="search"
            size="sm"
            className="w-auto flex-grow-1"
            aria-label={`${USER_ADMIN_LABELS.storeSearch} ${company.companyName}`}
            placeholder={USER_ADMIN_LABELS.storeSearch}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Form.Check
            type="switch"
            id={`${key}-all`}
            label={USERS_TEXT.selectAllStores}
            checked={allEnabled}
            onChange={(e) => setEnabled(new Set(stores.map((s) => s.storeId)), e.target.checked)}
          />
          <Button
            variant="outline-danger"
            size="sm"
            aria-label={`${USER_ADMIN_LABELS.removeCompany} ${company.companyName}`}
            title={USER_ADMIN_LABELS.removeCompany}
            onClick={onRemove}
          >
            <i className="bi bi-x-circle" aria-hidden="true" />
          </Button>
        </div>
        {shown.length === 0 ? (
          <p className="text-body-secondary mb-0">{USER_ADMIN_LABELS.noStores}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {shown.map((s) => (
              <li key={s.storeId} className="d-flex align-items-center gap-2 py-1">
                <Form.Check
                  type="switch"
                  id={`${key}-store-${s.storeId}`}
                  aria-label={`${s.storeName} (${s.storeId})`}
                  checked={s.enabled}
                  onChange={(e) => setEnabled(new Set([s.storeId]), e.target.checked)}
                />
                <Button variant="link" size="sm" className="p-0" onClick={() => onStoreClick(s)}>
                  {s.storeName} ({s.storeId})
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Accordion.Body>
    </Accordion.Item>
  );
}
