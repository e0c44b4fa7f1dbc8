import type { Principal } from '@store-cloud/contracts';
import type { ReactElement } from 'react';
import { Nav, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { NavLink } from 'react-router-dom';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { type MenuItem, visibleMenuItems } from './menu-items';

interface MainMenuProps {
  user: Principal;
  onAbout: () => void;
  onLogout: () => void;
  /** Called after any entry is chosen, so the side menu can close. */
  onChoose?: () => void;
}

/**
 * The menu entries. On large screens only the icons show (with a tooltip); in the side menu the
 * label shows beside the icon. The accessible name is the label in both.
 */
export function MainMenu({ user, onAbout, onLogout, onChoose }: MainMenuProps) {
  const large = useMediaQuery(LARGE_SCREEN_QUERY);

  const renderItem = (item: MenuItem) => {
    const content = (
      <>
        <i className={`bi bi-${item.icon} fs-5 align-middle`} aria-hidden="true" />
        <span className="d-lg-none ms-2 align-middle">{item.label}</span>
      </>
    );
    const common = { 'aria-label': item.label, title: item.label, className: 'px-lg-2' };
    const entry: ReactElement =
      item.kind === 'link' ? (
        <Nav.Link as={NavLink} to={item.to} onClick={onChoose} {...common}>
          {content}
        </Nav.Link>
      ) : (
        <Nav.Link
          as="button"
          type="button"
          onClick={() => {
            onChoose?.();
            if (item.key === 'about') onAbout();
            else onLogout();
          }}
          {...common}
        >
          {content}
        </Nav.Link>
      );
    return (
      <Nav.Item key={item.key} as="li">
        {large ? (
          <OverlayTrigger
            placement="bottom"
            overlay={<Tooltip id={`menu-tip-${item.key}`}>{item.label}</Tooltip>}
          >
            {entry}
          </OverlayTrigger>
        ) : (
          entry
        )}
      </Nav.Item>
    );
  };

  return (
    <Nav as="ul" className="align-items-lg-center">
      {visibleMenuItems(user).map(renderItem)}
    </Nav>
  );
}
