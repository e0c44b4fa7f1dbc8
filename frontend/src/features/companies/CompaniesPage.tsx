import {
  canRemoveCompanies,
  type CloudCompany,
  ERROR_CODE,
  type ErrorBody,
  type IntegrationCompany,
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
import { companiesTextSet, companyRemovalTextSet } from '../../i18n/sets/companies';
import { companyLabelsSet, menuLabelsSet, toastSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

const byId = (a: CloudCompany, b: CloudCompany) => a.companyId - b.companyId;

/**
 * Companies administration (spec §2): a click on an available company adds it to evoConnect, a
 * double click on a connected one removes it (not for SUPPORT-ADMIN), Save stores the list.
 */
export function CompaniesPage() {
  const companiesText = useTexts(companiesTextSet);
  const companyLabels = useTexts(companyLabelsSet);
  const companyRemovalText = useTexts(companyRemovalTextSet);
  const menuLabels = useTexts(menuLabelsSet);
  const toast = useTexts(toastSet);
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
          notify.success(toast.saveCompanies.title, toast.saveCompanies.success);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ERROR_CODE.confirmationRequired) {
            setToConfirm(error.body?.issues ?? []);
            return;
          }
          setToConfirm(null);
          notify.error(toast.saveCompanies.title, toast.saveCompanies.error);
        },
      },
    );
  const onUpdate = () =>
    update.mutate(undefined, {
      onSuccess: (result) => {
        if (!result.added.length) {
          notify.info(toast.updateSites.title, toast.updateSites.noNewStores);
        }
      },
    });

  const loading = cloud.isPending || integration.isPending || !current;

  return (
    <section>
      <h1 className="h4 mb-3">{menuLabels.companies}</h1>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <SearchBox
          className="flex-grow-1 w-auto"
          label={companyLabels.search}
          value={search}
          onChange={setSearch}
        />
        <Button variant="outline-primary" onClick={onUpdate} disabled={update.isPending}>
          {update.isPending && (
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          )}
          {companiesText.updateSites}
        </Button>
        <Button onClick={() => onSave()} disabled={loading || save.isPending}>
          {companyLabels.save}
        </Button>
      </div>
      {loading ? (
        <LoadingSpinner />
      ) : (
        <Row className="g-3">
          <Col md={6}>
            <CompanyList
              title={companiesText.available}
              companies={available}
              onClick={(c) => setEdits([...(current ?? []), c])}
            />
          </Col>
          <Col md={6}>
            <CompanyList
              title={companiesText.current}
              companies={connected}
              onDoubleClick={
                mayRemove
                  ? (c) => setEdits((current ?? []).filter((x) => x.companyId !== c.companyId))
                  : (c) =>
                      notify.warning(
                        companyLabels.removeNotAllowedTitle,
                        companyLabels.removeNotAllowed(c.companyName),
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
          title={companyRemovalText.title}
          yesLabel={companyRemovalText.yes}
          noLabel={companyRemovalText.no}
          busy={save.isPending}
          onNo={() => setToConfirm(null)}
          onYes={() => onSave(toConfirm.map((i) => Number(i.path)))}
        >
          <p>{companyRemovalText.intro}</p>
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
                notify.success(toast.saveCompanyData.title, toast.saveCompanyData.success(name)),
              onError: (e) =>
                notify.error(toast.saveCompanyData.title, toast.saveCompanyData.error(name), e),
            });
          }}
        />
      )}
    </section>
  );
}
