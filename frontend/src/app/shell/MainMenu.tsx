import { type Principal } from '@store-cloud/contracts';
import { Nav, NavDropdown } from 'react-bootstrap';
import { NavLink, useLocation } from 'react-router-dom';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { isAdminItem, type MenuItem, visibleMenuItems } from './menu-items';
import { menuLabelsSet, portalLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

interface MainMenuProps {
  user: Principal;
  onAbout: () => void;
  onLogout: () => void;
  /** Called after any entry is chosen, so the side menu can close. */
  onChoose?: () => void;
}

const Icon = ({ item }: { item: MenuItem }) => (
  <i className={`bi bi-${item.icon} fs-5 align-middle`} aria-hidden="true" />
);

/**
 * The menu entries, each named by its label. Wide screens show icon and label (icon only, with
 * a title, between lg and xxl), the administration entries grouped in one dropdown; the side menu
 * of small screens lists them under their group's heading. The current page's entry is marked
 * (NavLink: class active and aria-current="page").
 */
export function MainMenu({ user, onAbout, onLogout, onChoose }: MainMenuProps) {
  const portalLabels = useTexts(portalLabelsSet);
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  const { pathname } = useLocation();
  const items = visibleMenuItems(user, useTexts(menuLabelsSet));
  const admin = items.filter(isAdminItem);
  const before = items.filter(
    (i) => !isAdminItem(i) && i.kind === 'link' && i.key !== 'userProfile',
  );
  const after = items.filter((i) => !isAdminItem(i) && !before.includes(i));

  const act = (item: MenuItem) => {
    onChoose?.();
    if (item.key === 'about') onAbout();
    else if (item.key === 'logout') onLogout();
  };

  const entry = (item: MenuItem) => {
    const content = (
      <>
        <Icon item={item} />
        <span className="ms-2 align-middle menu-label">{item.label}</span>
      </>
    );
    const common = { 'aria-label': item.label, title: item.label, className: 'px-lg-2' };
    return (
      <Nav.Item key={item.key} as="li">
        {item.kind === 'link' ? (
          <Nav.Link as={NavLink} to={item.to} onClick={onChoose} {...common}>
            {content}
          </Nav.Link>
        ) : (
          <Nav.Link as="button" type="button" onClick={() => act(item)} {...common}>
            {content}
          </Nav.Link>
        )}
      </Nav.Item>
    );
  };

  const adminActive = admin.some((i) => i.kind === 'link' && pathname.startsWith(i.to));
  const adminGroup = !admin.length ? null : large ? (
    <NavDropdown
      as="li"
      key="admin"
      id="admin-menu"
      align="end"
      active={adminActive}
      title={
        <>
          <i className="bi bi-gear fs-5 align-middle" aria-hidden="true" />
          <span className="ms-2 align-middle menu-label">{portalLabels.adminMenu}</span>
        </>
      }
    >
      {admin.map(
        (item) =>
          item.kind === 'link' && (
            <NavDropdown.Item key={item.key} as={NavLink} to={item.to} onClick={onChoose}>
              <Icon item={item} />
              <span className="ms-2 align-middle">{item.label}</span>
            </NavDropdown.Item>
          ),
      )}
    </NavDropdown>
  ) : (
    <li key="admin" className="mt-2">
      <span className="d-block small text-uppercase text-body-secondary px-2" id="admin-menu">
        {portalLabels.adminMenu}
      </span>
      <Nav as="ul" className="flex-column" aria-labelledby="admin-menu">
        {admin.map(entry)}
      </Nav>
    </li>
  );

  return (
    <nav aria-label={portalLabels.menuTitle}>
      <Nav
        as="ul"
        className={`align-items-lg-center portal-menu ${large ? 'portal-menu-wide' : ''}`}
      >
        {before.map(entry)}
        {adminGroup}
        {after.map(entry)}
      </Nav>
    </nav>
  );
}
