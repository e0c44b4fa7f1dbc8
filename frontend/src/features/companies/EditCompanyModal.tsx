import { zodResolver } from '@hookform/resolvers/zod';
import { type IntegrationCompany, type SaveIntegrationCompany } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { matchesSearch } from '../../ui/search';
import { SearchBox } from '../../ui/SearchBox';
import { CompanyTimeZone } from './CompanyTimeZone';
import { formSchema, type FormValues, toSaveBody } from './edit-company-form';
import { FormModal } from '../../ui/FormModal';
import { companiesTextSet } from '../../i18n/sets/companies';
import { companyLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';
/**
 * 'Edit Company Details' (spec §2): company and store credentials and installed ids. Static:
 * the backdrop does not close it; Cancel and Escape discard. Passwords are never shown; an
 * empty password keeps the stored one.
 */
export function EditCompanyModal({
  company,
  onClose,
  onSave,
}: {
  company: IntegrationCompany;
  onClose: () => void;
  /** Called after the modal has closed ('Save click', spec §4), so the save outlives it. */
  onSave: (body: SaveIntegrationCompany) => void;
}) {
  const companiesText = useTexts(companiesTextSet);
  const companyLabels = useTexts(companyLabelsSet);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Set<number>>(new Set());
  const stores = [...company.stores].sort((a, b) => a.storeId - b.storeId);
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      username: company.evobos?.username ?? '',
      password: '',
      stores: stores.map((s) => ({
        storeId: s.storeId,
        username: s.evobos?.username ?? '',
        password: '',
        installedCompanyId: s.installed?.companyId?.toString() ?? '',
        installedStoreId: s.installed?.storeId?.toString() ?? '',
      })),
    },
  });

  const onSubmit = handleSubmit((values) => {
    onClose();
    onSave(toSaveBody(company.companyId, values));
  });

  const toggle = (storeId: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(storeId)) next.delete(storeId);
      else next.add(storeId);
      return next;
    });

  return (
    <FormModal
      title={companiesText.editCompanyDetails}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={companyLabels.cancel}
      submitLabel={companiesText.saveChanges}
      size="lg"
    >
      <p className="fw-semibold">
        {company.companyName} ({company.companyId})
      </p>
      <CompanyTimeZone companyId={company.companyId} />
      <Row className="g-2 mb-3">
        <Col sm={6}>
          <Form.Label htmlFor="company-username">{companyLabels.companyUsername}</Form.Label>
          <Form.Control id="company-username" autoComplete="off" {...register('username')} />
        </Col>
        <Col sm={6}>
          <Form.Label htmlFor="company-password">{companyLabels.companyPassword}</Form.Label>
          <Form.Control
            id="company-password"
            type="password"
            autoComplete="new-password"
            placeholder={company.evobos?.passwordSet ? companyLabels.passwordSet : ''}
            {...register('password')}
          />
        </Col>
      </Row>
      <SearchBox label={companyLabels.storeSearch} value={search} onChange={setSearch} />
      <ListGroup>
        {stores.map((s, i) => {
          const errors = formState.errors.stores?.[i];
          return (
            <ListGroup.Item
              key={s.storeId}
              className={matchesSearch(search, s.storeId, s.storeName) ? '' : 'd-none'}
            >
              <Button
                variant="link"
                className="px-0 text-decoration-none"
                aria-expanded={open.has(s.storeId)}
                onClick={() => toggle(s.storeId)}
              >
                <i
                  className={`bi ${open.has(s.storeId) ? 'bi-chevron-down' : 'bi-chevron-right'} me-1`}
                  aria-hidden="true"
                />
                {s.storeId} - {s.storeName}
              </Button>
              <Row className={`g-2 mt-1 ${open.has(s.storeId) ? '' : 'd-none'}`}>
                <Col sm={6}>
                  <Form.Label htmlFor={`store-${s.storeId}-username`}>
                    {companyLabels.storeUsername}
                  </Form.Label>
                  <Form.Control
                    id={`store-${s.storeId}-username`}
                    autoComplete="off"
                    placeholder={companiesText.usingCompanyLevel}
                    {...register(`stores.${i}.username`)}
                  />
                </Col>
                <Col sm={6}>
                  <Form.Label htmlFor={`store-${s.storeId}-password`}>
                    {companyLabels.storePassword}
                  </Form.Label>
                  <Form.Control
                    id={`store-${s.storeId}-password`}
                    type="password"
                    autoComplete="new-password"
                    placeholder={
                      s.evobos?.passwordSet
                        ? companyLabels.passwordSet
                        : companiesText.usingCompanyLevel
                    }
                    {...register(`stores.${i}.password`)}
                  />
                </Col>
                <Col sm={6}>
                  <Form.Label htmlFor={`store-${s.storeId}-installed-company`}>
                    {companyLabels.installedCompanyId}
                  </Form.Label>
                  <Form.Control
                    id={`store-${s.storeId}-installed-company`}
                    inputMode="numeric"
                    placeholder={companiesText.usingLocalIds}
                    isInvalid={!!errors?.installedCompanyId}
                    {...register(`stores.${i}.installedCompanyId`)}
                  />
                  <Form.Control.Feedback type="invalid">
                    {errors?.installedCompanyId?.message}
                  </Form.Control.Feedback>
                </Col>
                <Col sm={6}>
                  <Form.Label htmlFor={`store-${s.storeId}-installed-store`}>
                    {companyLabels.installedStoreId}
                  </Form.Label>
                  <Form.Control
                    id={`store-${s.storeId}-installed-store`}
                    inputMode="numeric"
                    placeholder={companiesText.usingLocalIds}
                    isInvalid={!!errors?.installedStoreId}
                    {...register(`stores.${i}.installedStoreId`)}
                  />
                  <Form.Control.Feedback type="invalid">
                    {errors?.installedStoreId?.message}
                  </Form.Control.Feedback>
                </Col>
              </Row>
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </FormModal>
  );
}
