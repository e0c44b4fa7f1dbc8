import { databaseText, PORTAL_VERSION, PRODUCT_NAME } from '@store-cloud/contracts';
import { Fragment, version as reactVersion, type ReactNode } from 'react';
import { Modal } from 'react-bootstrap';
import { useMediaVersion } from '../../api/useMediaVersion';
import { useVersion } from '../../api/useVersion';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { portalLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/** The dialog's loading and failure states of one fetched version. */
function Fetched<T>({
  query,
  render,
}: {
  query: { data?: T; isPending: boolean; isError: boolean };
  render: (data: T) => ReactNode;
}) {
  const portalLabels = useTexts(portalLabelsSet);
  if (query.data !== undefined) return <>{render(query.data)}</>;
  if (query.isError) return <>{portalLabels.unavailable}</>;
  return <LoadingSpinner small />;
}

/** About (spec §2 Shell): versions of the portal, cloud service, frameworks and media server. */
export function AboutModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const portalLabels = useTexts(portalLabelsSet);
  // Fetched only while the dialog is open.
  const cloud = useVersion(show);
  const media = useMediaVersion(show);

  const rows: [string, ReactNode][] = [
    [portalLabels.portalVersion, PORTAL_VERSION],
    [
      portalLabels.cloudServiceVersion,
      <Fetched
        query={cloud}
        render={(v) => (
          <>
            {v.version}
            <div className="small text-body-secondary">
              {portalLabels.serviceRuntime(
                v.node,
                v.express,
                databaseText(v, portalLabels.mongoCompatible),
              )}
            </div>
          </>
        )}
      />,
    ],
    [
      portalLabels.frameworks,
      `React ${reactVersion} · Bootstrap ${__BOOTSTRAP_VERSION__} · React-Bootstrap ${__REACT_BOOTSTRAP_VERSION__}`,
    ],
    [portalLabels.mediaServerVersion, <Fetched query={media} render={(v) => v.version} />],
    [portalLabels.copyright, `© ${new Date().getFullYear()} ${PRODUCT_NAME}`],
  ];

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="about-title">
      <Modal.Header closeButton closeLabel={portalLabels.close}>
        <Modal.Title id="about-title">{portalLabels.aboutTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row mb-0">
          {rows.map(([term, value]) => (
            <Fragment key={term}>
              <dt className="col-sm-5">{term}</dt>
              <dd className="col-sm-7">{value}</dd>
            </Fragment>
          ))}
        </dl>
      </Modal.Body>
    </Modal>
  );
}
