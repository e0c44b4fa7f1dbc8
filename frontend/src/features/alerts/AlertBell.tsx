import { ROUTES } from '@store-cloud/contracts';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useOpenCount } from '../../api/useIncidents';
import { alertBellTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

/**
 * The header's bell (issue 26): the count of open incidents the user sees and has not muted,
 * refreshed by the live push `incidents-changed`; it leads to the Alerts screen.
 */
export function AlertBell() {
  const alertBellText = useTexts(alertBellTextSet);
  const count = useOpenCount();
  const open = count.data ?? 0;
  const shown = open > alertBellText.maxShown ? `${alertBellText.maxShown}+` : String(open);
  return (
    <Link
      to={ROUTES.alerts}
      className="nav-link position-relative px-2 ms-auto me-2 me-lg-0 order-lg-last"
      aria-label={alertBellText.label(open)}
      title={alertBellText.label(open)}
      data-testid="alert-bell"
    >
      <i
        className={`bi ${open ? 'bi-bell-fill' : 'bi-bell'} fs-5 align-middle`}
        aria-hidden="true"
      />
      {open > 0 && (
        <Badge
          bg="danger"
          pill
          className="position-absolute top-0 start-100 translate-middle"
          aria-hidden="true"
        >
          {shown}
        </Badge>
      )}
    </Link>
  );
}
