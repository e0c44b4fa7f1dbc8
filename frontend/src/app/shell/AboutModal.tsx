import { databaseText, PORTAL_LABELS, PORTAL_VERSION, PRODUCT_NAME } from '@store-cloud/contracts';
import { Fragment, version as reactVersion, type ReactNode } from 'react';
import { Modal } from 'react-bootstrap';
import { useMediaVersion } from '../../api/useMediaVersion';
import { useVersion } from '../../api/useVersion';
import { LoadingSpinner } from '../../ui/LoadingSpinner';

/** The dialog's loading and failure states of one fetched version. */
function Fetched<T>({
  query,
  render,
}: {
  query: { data?: T; isPending: boolean; isError: boolean };
  render: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{render(query.data)}</>;
  if (query.isError) return <>{PORTAL_LABELS.unavailable}</>;
  return <LoadingSpinner small />;
}

/** About (spec §2 Shell): versions of the portal, cloud service, frameworks and media server. */
export function AboutModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  // Fetched only while the dialog is open.
  const cloud = useVersion(show);
  const media = useMediaVersion(show);

  const rows: [string, ReactNode][] = [
    [PORTAL_LABELS.portalVersion, PORTAL_VERSION],
    [
      PORTAL_LABELS.cloudServiceVersion,
      <Fetched
        query={cloud}
        render={(v) => (
          <>
            {v.version}
            <div className="small text-body-secondary">
              Node {v.node} · Express {v.express} · {databaseText(v)}
            </div>
          </>
        )}
      />,
    ],
    [
      PORTAL_LABELS.frameworks,
      `React ${reactVersion} · Bootstrap ${__BOOTSTRAP_VERSION__} · React-Bootstrap ${__REACT_BOOTSTRAP_VERSION__}`,
    ],
    [PORTAL_LABELS.mediaServerVersion, <Fetched query={media} render={(v) => v.version} />],
    [PORTAL_LABELS.copyright, `© ${new Date().getFullYear()} ${PRODUCT_NAME}`],
  ];

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="about-title">
      <Modal.Header closeButton closeLabel={PORTAL_LABELS.close}>
        <Modal.Title id="about-title">{PORTAL_LABELS.aboutTitle}</Modal.Title>
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
