import { APP, canSeeSiteStatus, ROUTES } from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Card, Col, Row, Spinner, Table } from 'react-bootstrap';
import { Navigate, useNavigate } from 'react-router-dom';
import { type SiteService, useBosToUse, useBosVersions, useSiteVersion } from '../../api/useSite';
import { useActiveSite, useSiteToken } from '../../auth/useActiveSite';
import { useSession } from '../../auth/useSession';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ScreenshotPanel } from '../screenshots/ScreenshotPanel';
import { StoreTimeZone } from './StoreTimeZone';
import { siteLabelsSet } from '../../i18n/sets/common';
import { storeTextSet } from '../../i18n/sets/companies';
import { useTexts } from '../../i18n/useTexts';

/** Each service of the site status card with the key of its label in the site texts. */
type ServiceLabel = 'servingService' | 'dealService' | 'bookingService' | 'pumpService' | 'router';
const SERVICES: ReadonlyArray<[SiteService, ServiceLabel]> = [
  ['serving', 'servingService'],
  ['deal', 'dealService'],
  ['booking', 'bookingService'],
  ['pump', 'pumpService'],
  ['router', 'router'],
];

type Site = { companyId: number; storeId: number };

/** One version of the site status card: a spinner while asked, '-' when the call failed. */
function ServiceVersion({
  service,
  label,
  site,
  siteToken,
}: {
  service: SiteService;
  label: string;
  site: Site;
  siteToken: string | null;
}) {
  const siteLabels = useTexts(siteLabelsSet);
  const version = useSiteVersion(service, site, siteToken);
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        {version.isPending ? (
          <LoadingSpinner small />
        ) : (
          (version.data?.version ?? siteLabels.unknownVersion)
        )}
      </td>
    </tr>
  );
}

function BosVersionsCard() {
  const siteLabels = useTexts(siteLabelsSet);
  const versions = useBosVersions();
  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h6 mb-0">
        {siteLabels.bosVersions}
      </Card.Header>
      <Card.Body>
        {versions.isPending ? (
          <LoadingSpinner small />
        ) : (
          <Table size="sm" className="mb-0" aria-label={siteLabels.bosVersions}>
            <tbody>
              {([1, 2, 3] as const).map((n) => (
                <tr key={n}>
                  <th scope="row">{siteLabels.bosVersion(n)}</th>
                  <td>{versions.data?.[`bos${n}`] ?? siteLabels.unknownVersion}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * Store (spec §2): open the back office the store's serving service needs; for ADMIN,
 * SUPER-ADMIN, SUPPORT-ADMIN and TLM the site's service versions and the portal's evoBOS
 * versions too. Small screens show only the open button.
 */
export function StorePage() {
  const siteLabels = useTexts(siteLabelsSet);
  const storeText = useTexts(storeTextSet);
  const user = useSession();
  const site = useActiveSite();
  const siteToken = useSiteToken();
  const navigate = useNavigate();
  const [unableToOpen, setUnableToOpen] = useState(false);
  const serving = useSiteVersion('serving', site, siteToken);
  const bos = useBosToUse(serving.data?.version);

  if (!site || !user) return <Navigate to={ROUTES.login} replace />;

  const mayOpen = user.applications.includes(APP.evoBos);
  const deciding = serving.isPending || (serving.isSuccess && bos.isPending);
  const open = () => {
    const bosToUse = bos.data?.bosToUse ?? 0;
    if (bosToUse > 0) void navigate(ROUTES.function(bosToUse));
    else setUnableToOpen(true);
  };
  const showStatus = canSeeSiteStatus(user.usertype);
  // The spec's way out, made explicit: entering Home leaves the store (the route rule).
  const disconnect = () => void navigate(ROUTES.home);

  return (
    <section>
      <div className="d-flex align-items-center gap-2 mb-3">
        {/* Small screens show only the open button (spec §2 Store), and Disconnect. */}
        <h1 className="h4 mb-0 d-none d-md-block">
          {site.storeName} ({site.storeId})
        </h1>
        <Button variant="outline-secondary" className="ms-auto" onClick={disconnect}>
          <i className="bi bi-box-arrow-left me-2" aria-hidden="true" />
          {siteLabels.disconnect}
        </Button>
      </div>
      {unableToOpen && (
        <Alert variant="danger" dismissible onClose={() => setUnableToOpen(false)}>
          {storeText.unableToOpen}
        </Alert>
      )}
      <Row className="g-3">
        <Col xs={12} md={showStatus ? 4 : 6}>
          <Card className="h-100">
            <Card.Body className="d-flex flex-column gap-2">
              {mayOpen ? (
                <>
                  <Card.Title as="h2" className="h6 d-none d-md-block">
                    {site.storeName}
                  </Card.Title>
                  <Button onClick={open} disabled={deciding}>
                    {deciding && (
                      <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                    )}
                    {siteLabels.openBos}
                  </Button>
                </>
              ) : (
                <span>{storeText.noSuitableBos}</span>
              )}
            </Card.Body>
          </Card>
        </Col>
        {showStatus && (
          <>
            <Col md={4} className="d-none d-md-block">
              <Card className="h-100">
                <Card.Header as="h2" className="h6 mb-0">
                  {siteLabels.siteStatus}
                </Card.Header>
                <Card.Body>
                  <Table size="sm" className="mb-0" aria-label={siteLabels.siteStatus}>
                    <tbody>
                      {SERVICES.map(([service, label]) => (
                        <ServiceVersion
                          key={service}
                          service={service}
                          label={siteLabels[label]}
                          site={site}
                          siteToken={siteToken}
                        />
                      ))}
                    </tbody>
                  </Table>
                </Card.Body>
              </Card>
            </Col>
            <Col md={4} className="d-none d-md-block">
              <BosVersionsCard />
            </Col>
          </>
        )}
        {/* Small screens show only the open button (spec §2 Store). */}
        <Col xs={12} md={6} className="d-none d-md-block">
          <StoreTimeZone companyId={site.companyId} storeId={site.storeId} />
          <ScreenshotPanel companyId={site.companyId} storeId={site.storeId} />
        </Col>
      </Row>
    </section>
  );
}
