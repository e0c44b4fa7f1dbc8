import { type AccessStore, type RetailStore, type UserAccess } from '@store-cloud/contracts';
import { useState } from 'react';
import { Accordion, Button, Form } from 'react-bootstrap';
import { type Control, useController } from 'react-hook-form';
import { matchesSearch } from '../../ui/search';
import { companyStores, storesInScope } from './access';
import type { ExistingUserValues } from './existing-user.form';
import { userAdminLabelsSet, usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/**
 * One company of the Edit user form's access.companies[index] in 'Allowed Companies and
 * Stores': store search, Select All, per-store switches over the stores the caller is offered.
 */
export function CompanyAccessItem({
  control,
  index,
  master,
  caller,
  onRemove,
  onStoreClick,
}: {
  control: Control<ExistingUserValues>;
  index: number;
  master: readonly RetailStore[];
  caller: UserAccess | null;
  onRemove: () => void;
  onStoreClick: (store: AccessStore) => void;
}) {
  const { field } = useController({ control, name: `access.companies.${index}` });
  const company = field.value;
  const text = useTexts(usersTextSet);
  const labels = useTexts(userAdminLabelsSet);
  const [search, setSearch] = useState('');
  const stores = storesInScope(caller, company.companyId, companyStores(company, master));
  const shown = stores.filter((s) => matchesSearch(search, s.storeName, s.storeId));
  const allEnabled = stores.length > 0 && stores.every((s) => s.enabled);
  const setEnabled = (ids: Set<number>, enabled: boolean) =>
    field.onChange({
      ...company,
      stores: stores.map((s) => (ids.has(s.storeId) ? { ...s, enabled } : s)),
    });
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
            aria-label={`${labels.storeSearch} ${company.companyName}`}
            placeholder={labels.storeSearch}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Form.Check
            type="switch"
            id={`${key}-all`}
            label={text.selectAllStores}
            checked={allEnabled}
            onChange={(e) => setEnabled(new Set(stores.map((s) => s.storeId)), e.target.checked)}
          />
          <Button
            variant="outline-danger"
            size="sm"
            aria-label={`${labels.removeCompany} ${company.companyName}`}
            title={labels.removeCompany}
            onClick={onRemove}
          >
            <i className="bi bi-x-circle" aria-hidden="true" />
          </Button>
        </div>
        {shown.length === 0 ? (
          <p className="text-body-secondary mb-0">{labels.noStores}</p>
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
