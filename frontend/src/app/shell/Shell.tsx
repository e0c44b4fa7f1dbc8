import {
  canUse,
  PORTAL_VERSION,
  PRODUCT_NAME,
  type Principal,
  ROUTES,
  shortVersion,
} from '@store-cloud/contracts';
import { useRef, useState } from 'react';
import { Container, Navbar, Offcanvas } from 'react-bootstrap';
import { Link, Outlet } from 'react-router-dom';
import { useLiveStatus } from '../../api/useLiveStatus';
import { AlertBell } from '../../features/alerts/AlertBell';
import { useStoreConnection } from '../../features/site/useStoreConnection';
import { Logo } from '../../ui/Logo';
import { useLogout } from '../useLogout';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { AboutModal } from './AboutModal';
import { ActiveSiteSlot } from './ActiveSiteSlot';
import { CompanyLogo } from './CompanyLogo';
import { MainMenu } from './MainMenu';
import { useFocusScreenOnNavigate } from './useFocusScreenOnNavigate';
import { portalLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/**
 * The frame of every signed-in screen (spec §2 Shell). One responsive navbar: below lg the
 * menu is a side menu (offcanvas), from lg up the same entries sit in the header as icons.
 */
export function Shell({ user }: { user: Principal }) {
  const portalLabels = useTexts(portalLabelsSet);
  const [menuOpen, setMenuOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const logout = useLogout();
  const main = useRef<HTMLElement>(null);
  useFocusScreenOnNavigate(main);
  useStoreConnection();
  useLiveStatus();

  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        {portalLabels.skipToContent}
      </a>
      <Navbar
        as="header"
        // A header (banner) with the menu's <nav> inside, not a header acting as navigation.
        role="banner"
        expand="lg"
        bg="dark"
        data-bs-theme="dark"
        className="shadow-sm"
        expanded={menuOpen}
        onToggle={setMenuOpen}
      >
        <Container fluid>
          <Navbar.Brand as={Link} to={ROUTES.home} className="d-flex align-items-center gap-2">
            <Logo />
            <span className="fw-semibold d-none d-sm-inline">{PRODUCT_NAME}</span>
            <small
              className="text-body-secondary"
              title={`${portalLabels.portalVersion} ${PORTAL_VERSION}`}
            >
              {portalLabels.versionBadge(shortVersion(PORTAL_VERSION))}
            </small>
          </Navbar.Brand>
          {/* No company logo is configured anywhere yet; the slot keeps its place in the header. */}
          <CompanyLogo src={null} />
          <ActiveSiteSlot />
          {canUse('alerts', user) && <AlertBell />}
          <LanguageSwitch />
          <ThemeSwitch />
          <Navbar.Toggle aria-controls="portal-menu" label={portalLabels.openMenu} />
          <Navbar.Offcanvas id="portal-menu" placement="end" aria-labelledby="portal-menu-title">
            <Offcanvas.Header closeButton closeLabel={portalLabels.close}>
              <Offcanvas.Title id="portal-menu-title">{portalLabels.menuTitle}</Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="justify-content-end">
              <MainMenu
                user={user}
                onAbout={() => setAboutOpen(true)}
                onLogout={logout}
                onChoose={() => setMenuOpen(false)}
              />
            </Offcanvas.Body>
          </Navbar.Offcanvas>
        </Container>
      </Navbar>
      {/* Screens keep a page margin and a readable width; the function frame fills the page. */}
      <main
        id="main"
        ref={main}
        tabIndex={-1}
        className="flex-grow-1 container-xxl px-3 px-lg-4 py-3"
      >
        <Outlet />
      </main>
      <AboutModal show={aboutOpen} onHide={() => setAboutOpen(false)} />
    </div>
  );
}
