import { USER_TYPE } from '@store-cloud/contracts';
import { Card } from 'react-bootstrap';
import { portalLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/** The user types that may edit users (the Users screen: isAdminType). */
const GRANTORS = [USER_TYPE.SUPPORT_ADMIN, USER_TYPE.ADMIN, USER_TYPE.SUPER_ADMIN].join(', ');

/**
 * What a user who cannot do anything yet needs, and who can give it (issue 30): a disabled
 * account (after its sign-in) or an enabled one without companies (under Home's "No companies
 * available"). Its headings sit below the screen's own h1.
 */
export function FirstSteps({ disabled = false }: { disabled?: boolean }) {
  const T = useTexts(portalLabelsSet).firstSteps;
  return (
    <Card border="info" className="mx-auto" style={{ maxWidth: '40rem' }}>
      <Card.Header>
        <h2 className="h5 mb-0">
          <i className="bi bi-signpost-split me-2" aria-hidden="true" />
          {T.title}
        </h2>
      </Card.Header>
      <Card.Body>
        <p>{disabled ? T.disabled : T.noCompanies}</p>
        <h3 className="h6">{T.need}</h3>
        <ul>
          {disabled && <li>{T.enabled}</li>}
          <li>{T.companies}</li>
          <li>{T.applications}</li>
        </ul>
        <h3 className="h6">{T.who}</h3>
        <p className="mb-0">{T.whoText(GRANTORS)}</p>
      </Card.Body>
    </Card>
  );
}
