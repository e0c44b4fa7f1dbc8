import {
  type PortalCompany,
  SCROLL_HEIGHT,
  STORE_STATUS,
  storeStateName,
} from '@store-cloud/contracts';
import { useMemo, useState } from 'react';
import { Accordion, Alert, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { useAllStoresStatus, useCompaniesForUser } from '../../api/useCompanies';
import { useSession } from '../../auth/useSession';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { useStoreIncidents } from '../alerts/IncidentBadge';
import { useConnectToStore } from '../site/useConnectToStore';
import { StaleBackupsNotice } from '../sqlbackup/StaleBackupsNotice';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { heldByOther, type LiveStore, withLiveStatus } from './live-store';
import { FleetSummary } from './FleetSummary';
import { StorePicker } from './StorePicker';
import { FirstSteps } from '../users/FirstSteps';
import { StoreRows } from './StoreRows';
import { companyLabelsSet, homeTextSet, storeStateSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/**
 * Home (spec §2): the company and store picker. All-sites users pick from a searchable company
 * list, others from an accordion of their companies, or straight from the stores of their one
 * company. Statuses refresh every 5 s until a refresh fails or a store is chosen.
 */
export function HomePage() {
  const companyLabels = useTexts(companyLabelsSet);
  const homeText = useTexts(homeTextSet);
  const storeState = useTexts(storeStateSet);
  const session = useSession();
  const connection = useConnectToStore();
  const companies = useCompaniesForUser();
  const incidents = useStoreIncidents();
  // An incident's link (ROUTES.homeStore) opens its company's stores with the store marked.
  const [params] = useSearchParams();
  const marked = Number(params.get('store')) || undefined;
  const [chosen, setChosen] = useState<number | null>(Number(params.get('company')) || null);
  const [selecting, setSelecting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const status = useAllStoresStatus(companies.isSuccess && !selecting);

  const live = useMemo(
    () => new Map((status.data ?? []).map((s) => [`${s.companyId}:${s.storeId}`, s])),
    [status.data],
  );
  const list = companies.data ?? [];

  const selectStore = (store: LiveStore, company: PortalCompany) => {
    // The user's own open connection (another tab, a lost logout) is taken over.
    const own = store.status === STORE_STATUS.connected && !heldByOther(store, session?.name);
    if (store.status !== STORE_STATUS.online && !own) {
      setRefusal(homeText.cannotConnect(storeState[storeStateName(store.status)]));
      return;
    }
    if (connection.progress) return;
    setRefusal(null);
    setSelecting(true);
    void connection
      .connect({
        companyId: company.companyId,
        companyName: company.companyName,
        storeId: store.storeId,
        storeName: store.storeName,
        ...(store.installedStoreId ? { installedStoreId: store.installedStoreId } : {}),
      })
      .then((connected) => {
        if (!connected) setSelecting(false);
      });
  };

  // A refusal or failure is about the store of the company on screen: another company drops it.
  const changeCompany = (companyId: number | null) => {
    setRefusal(null);
    connection.dismissError();
    setChosen(companyId);
  };

  const single = list.length === 1 ? list[0]! : undefined;
  const chosenCompany = single ?? list.find((c) => c.companyId === chosen);
  const heading = chosenCompany
    ? homeText.selectStoreFor(chosenCompany.companyName)
    : homeText.selectCompanyAndStore;

  let body;
  if (companies.isPending) {
    body = <LoadingSpinner />;
  } else if (companies.isError) {
    body = <Alert variant="danger">{homeText.failedToSetupStores}</Alert>;
  } else if (!list.length) {
    // The spec's words, then what the user needs and who can give it (issue 30 first steps).
    body = (
      <>
        <p className="text-muted">{homeText.noCompanies}</p>
        <FirstSteps />
      </>
    );
  } else if (chosenCompany) {
    body = (
      <StorePicker
        company={chosenCompany}
        stores={withLiveStatus(chosenCompany, live)}
        onSelect={(s) => selectStore(s, chosenCompany)}
        onBack={single ? undefined : () => changeCompany(null)}
        me={session?.name}
        incidents={incidents}
        marked={marked}
      />
    );
  } else if (session?.all) {
    body = (
      <CompanyPicker
        companies={list}
        onPick={(c) => changeCompany(c.companyId)}
        searchLabel={companyLabels.search}
        tableLabel={companyLabels.companies}
        maxHeight={SCROLL_HEIGHT.homeCompanies}
      />
    );
  } else {
    body = (
      <Accordion alwaysOpen onSelect={() => changeCompany(null)}>
        {list.map((company) => (
          <Accordion.Item key={company.companyId} eventKey={String(company.companyId)}>
            <Accordion.Header>
              {company.companyName} ({company.companyId})
            </Accordion.Header>
            <Accordion.Body>
              <StoreRows
                company={company}
                stores={withLiveStatus(company, live)}
                onSelect={(s) => selectStore(s, company)}
                incidents={incidents}
              />
            </Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }

  return (
    <section>
      <h1 className="h4 mb-3">{heading}</h1>
      <StaleBackupsNotice />
      {refusal && (
        <Alert variant="warning" dismissible onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {connection.progress && (
        <Alert variant="info" className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {connection.progress}
        </Alert>
      )}
      {connection.error && (
        <Alert variant="danger" dismissible onClose={connection.dismissError}>
          {connection.error}
        </Alert>
      )}
      {/* The fleet at a glance where the user picks among several companies. */}
      {!chosenCompany && list.length > 1 && <FleetSummary companies={list} live={live} />}
      {body}
    </section>
  );
}
