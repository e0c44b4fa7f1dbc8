import { canAdministerMedia, type MediaCompany, SCROLL_HEIGHT } from '@store-cloud/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert, Button, Tab, Tabs } from 'react-bootstrap';
import { useMediaCompanies } from '../../api/useMediaCompanies';
import { useSession } from '../../auth/useSession';
import { MediaAdministrationTab } from './admin/MediaAdministrationTab';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { Loading } from './FileList';
import { MediaManagement } from './MediaManagement';
import { mediaLabelsSet, mediaValidationTextSet } from '../../i18n/sets/media';
import { menuLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

type TabKey = 'management' | 'administration';

/**
 * The Central Media screen (spec media §2): the Management tab and, for ADMIN and SUPER-ADMIN
 * (DESIGN §4), the Administration tab; each starts from the company picker, skipped when the
 * user has one company.
 */
export function MediaPage() {
  const mediaLabels = useTexts(mediaLabelsSet);
  const menuLabels = useTexts(menuLabelsSet);
  const session = useSession();
  const companies = useMediaCompanies();
  const [tab, setTab] = useState<TabKey>('management');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const list = companies.data ?? [];
  // The company is read from the list each time, so a change made elsewhere (configuring it,
  // a new tag) shows at once.
  const company = list.length === 1 ? list[0] : list.find((c) => c.companyId === companyId);
  const admin = !!session && canAdministerMedia(session.usertype);

  useEffect(() => {
    if (companies.error)
      console.warn(`Loading the media companies failed: ${companies.error.message}`);
  }, [companies.error]);

  const body = (key: TabKey): ReactNode => {
    if (companies.isPending) return <Loading />;
    if (!company)
      return (
        <CompanyPicker
          companies={list}
          onPick={(c) => setCompanyId(c.companyId)}
          searchLabel={mediaLabels.searchCompanies}
          rowTestId="media-company-row"
          maxHeight={SCROLL_HEIGHT.companies}
          empty={<p className="text-body-secondary">{mediaLabels.noCompanies}</p>}
        />
      );
    return (
      <>
        <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
          <h2 className="h5 mb-0" data-testid="media-company">
            {mediaLabels.companyHeading(company.companyName, company.companyId)}
          </h2>
          {list.length > 1 && (
            <Button variant="outline-secondary" size="sm" onClick={() => setCompanyId(null)}>
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              {mediaLabels.backToCompanySelect}
            </Button>
          )}
        </div>
        {key === 'administration' ? (
          <MediaAdministrationTab company={company} />
        ) : (
          <Management company={company} />
        )}
      </>
    );
  };

  return (
    <section>
      <h1 className="h3 mb-3">{menuLabels.media}</h1>
      <Tabs
        activeKey={tab}
        onSelect={(k) => {
          setTab(k === 'administration' ? 'administration' : 'management');
          // The other tab may have changed the company's media set-up.
          void companies.refetch();
        }}
        className="mb-3"
        mountOnEnter
        unmountOnExit
      >
        <Tab eventKey="management" title={mediaLabels.managementTab}>
          {body('management')}
        </Tab>
        {admin && (
          <Tab eventKey="administration" title={mediaLabels.administrationTab}>
            {body('administration')}
          </Tab>
        )}
      </Tabs>
    </section>
  );
}

function Management({ company }: { company: MediaCompany }) {
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mediaLabels = useTexts(mediaLabelsSet);
  if (!company.mediaFolderName)
    return (
      <Alert variant="info">
        <strong className="d-block">{mediaValidationText.companyNotConfigured}</strong>
        {mediaLabels.contactAdmin}
      </Alert>
    );
  // A new folder starts the management views afresh.
  return (
    <MediaManagement
      key={company.mediaFolderName}
      company={company}
      folder={company.mediaFolderName}
    />
  );
}
