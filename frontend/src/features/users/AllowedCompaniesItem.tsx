import { type AccessStore } from '@store-cloud/contracts';
import { Accordion, Button } from 'react-bootstrap';
import { type Control, useFieldArray } from 'react-hook-form';
import { useRetailStores } from '../../api/useUserAdmin';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { useCallerAccess } from './access';
import { CompanyAccessItem } from './CompanyAccessItem';
import type { ExistingUserValues } from './existing-user.form';
import { usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/** Edit user's 'Allowed Companies and Stores': the form's access.companies, each removable. */
export function AllowedCompaniesItem({
  control,
  onAddCompanies,
  onStoreClick,
}: {
  control: Control<ExistingUserValues>;
  onAddCompanies: () => void;
  onStoreClick: (companyId: number, store: AccessStore) => void;
}) {
  const master = useRetailStores();
  const text = useTexts(usersTextSet);
  const caller = useCallerAccess();
  const companies = useFieldArray({ control, name: 'access.companies' });
  return (
    <Accordion.Item eventKey="companies">
      <Accordion.Header>{text.allowedCompanies}</Accordion.Header>
      <Accordion.Body>
        {master.isPending ? (
          <LoadingSpinner small />
        ) : (
          <Accordion alwaysOpen className="mb-3">
            {companies.fields.map((c, index) => (
              <CompanyAccessItem
                key={c.id}
                control={control}
                index={index}
                master={master.data ?? []}
                caller={caller}
                onRemove={() => companies.remove(index)}
                onStoreClick={(s) => onStoreClick(c.companyId, s)}
              />
            ))}
          </Accordion>
        )}
        <Button variant="outline-primary" size="sm" onClick={onAddCompanies}>
          {text.addCompanies}
        </Button>
      </Accordion.Body>
    </Accordion.Item>
  );
}
