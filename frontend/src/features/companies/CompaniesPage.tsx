import {
  canRemoveCompanies,
  type CloudCompany,
  COMPANIES_TEXT,
  COMPANY_LABELS,
  COMPANY_REMOVAL_TEXT,
  ERROR_CODE,
  type ErrorBody,
  type IntegrationCompany,
  MENU_LABELS,
  TOAST,
} from '@store-cloud/contracts';
import { useMemo, useState } from 'react';
import { Button, Col, Row, Spinner } from 'react-bootstrap';
import {
  useCloudCompanies,
  useIntegrationCompanies,
  useSaveIntegrationCompanies,
  useSaveIntegrationCompany,
  useUpdateIntegrationCompanies,
} from '../../api/useCompanies';
import { ApiError } from '../../api/api-error';
import { UnsavedChangesPrompt } from '../../app/UnsavedChangesPrompt';
import { useSession } from '../../auth/useSession';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { matchesSearch } from '../../ui/search';
import { EditCompanyModal } from './EditCompanyModal';
import { SearchBox } from '../../ui/SearchBox';
import { CompanyList } from './CompanyList';

const byId = (a: CloudCompany, b: CloudCompany) => a.companyId - b.companyId;

/**
 * Companies administration (spec §2): a click on an available company adds it to evoConnect, a
 * double click on a connected one removes it (not for SUPPORT-ADMIN), Save stores the list.
 */
export function CompaniesPage() {
  const session = useSession();
  const cloud = useCloudCompanies();
  const integration = useIntegrationCompanies();
  const save = useSaveIntegrationCompanies();
  const update = useUpdateIntegrationCompanies();
  const saveCompany = useSaveIntegrationCompany();
  // Local changes to the list; null: the list as saved.
  const [edits, setEdits] = useState<CloudCompany[] | null>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<IntegrationCompany | null>(null);
  // Removals the backend wants confirmed: each company and what it would stop.
  const [toConfirm, setToConfirm] = useState<NonNullable<ErrorBody['issues']> | null>(null);

  const saved = useMemo(
    () => new Map((integration.data ?? []).map((c) => [c.companyId, c])),
    [integration.data],
  );
  const current =
    edits ??
    integration.data?.map(({ companyId, companyName }) => ({ companyId, companyName })) ??
    null;
  const inList = new Set((current ?? []).map((c) => c.companyId));
  const available = (cloud.data ?? [])
    .filter((c) => !inList.has(c.companyId))
    .filter((c) => matchesSearch(search, c.companyId, c.companyName))
    .sort(byId);
  const connected = (current ?? [])
    .filter((c) => matchesSearch(search, c.companyId, c.companyName))
    .sort(byId);
  const mayRemove = session ? canRemoveCompanies(session.usertype) : false;

  const onSave = (confirmRemoval?: number[]) =>
    save.mutate(
      { companies: current ?? [], confirmRemoval },
      {
        onSuccess: () => {
          setEdits(null);
          setToConfirm(null);
          notify.success(TOAST.saveCompanies.title, TOAST.saveCompanies.success);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ERROR_CODE.confirmationRequired) {
            setToConfirm(error.body?.issues ?? []);
            return;
          }
          setToConfirm(null);
          notify.error(TOAST.saveCompanies.title, TOAST.saveCompanies.error);
        },
      },
    );
  const onUpdate = () =>
    update.mutate(undefined, {
      onSuccess: (result) => {
        if (!result.added.length) {
          notify.info(TOAST.updateSites.title, TOAST.updateSites.noNewStores);
        }
      },
    });

  const loading = cloud.isPending || integration.isPending || !current;

  return (
    <section>
      <h1 className="h4 mb-3">{MENU_LABELS.companies}</h1>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <SearchBox
          className="flex-grow-1 w-auto"
          label={COMPANY_LABELS.search}
          value={search}
          onChange={setSearch}
        />
        <Button variant="outline-primary" onClick={onUpdate} disabled={update.isPending}>
          {update.isPending && (
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          )}
          {COMPANIES_TEXT.updateSites}
        </Button>
        <Button onClick={() => onSave()} disabled={loading || save.isPending}>
          {COMPANY_LABELS.save}
        </Button>
      </div>
      {loading ? (
        <LoadingSpinner />
      ) : (
        <Row className="g-3">
          <Col md={6}>
            <CompanyList
              title={COMPANIES_TEXT.available}
              companies={available}
              onClick={(c) => setEdits([...(current ?? []), c])}
            />
          </Col>
          <Col md={6}>
            <CompanyList
              title={COMPANIES_TEXT.current}
              companies={connected}
              onDoubleClick={
                mayRemove
                  ? (c) => setEdits((current ?? []).filter((x) => x.companyId !== c.companyId))
                  : (c) =>
                      notify.warning(
                        COMPANY_LABELS.removeNotAllowedTitle,
                        COMPANY_LABELS.removeNotAllowed(c.companyName),
                      )
              }
              onEdit={(c) => {
                const company = saved.get(c.companyId);
                if (company) setEditing(company);
              }}
              canEdit={(c) => saved.has(c.companyId)}
            />
          </Col>
        </Row>
      )}
      <UnsavedChangesPrompt when={() => edits !== null} />
      {toConfirm && (
        <ConfirmModal
          title={COMPANY_REMOVAL_TEXT.title}
          yesLabel={COMPANY_REMOVAL_TEXT.yes}
          noLabel={COMPANY_REMOVAL_TEXT.no}
          busy={save.isPending}
          onNo={() => setToConfirm(null)}
          onYes={() => onSave(toConfirm.map((i) => Number(i.path)))}
        >
          <p>{COMPANY_REMOVAL_TEXT.intro}</p>
          <ul className="mb-0">
            {toConfirm.map((i) => (
              <li key={i.path}>{i.message}</li>
            ))}
          </ul>
        </ConfirmModal>
      )}
      {editing && (
        <EditCompanyModal
          company={editing}
          onClose={() => setEditing(null)}
          onSave={(body) => {
            const name = editing.companyName;
            saveCompany.mutate(body, {
              onSuccess: () =>
                notify.success(TOAST.saveCompanyData.title, TOAST.saveCompanyData.success(name)),
              onError: (e) =>
                notify.error(TOAST.saveCompanyData.title, TOAST.saveCompanyData.error(name), e),
            });
          }}
        />
      )}
    </section>
  );
}
