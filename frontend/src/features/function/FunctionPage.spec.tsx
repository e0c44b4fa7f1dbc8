import {
  BOS_APP,
  BOS_FRAME_USER,
  FUNCTION_HEADER_PX,
  ROUTES,
  SITE_LABELS,
} from '@store-cloud/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { FunctionPage } from './FunctionPage';

const ACTIVE = { companyId: 202, companyName: 'Sunrise', storeId: 1, storeName: 'Market Street' };

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}
const renderFunction = (id: string) =>
  renderWithProviders(
    <Routes>
      <Route path={ROUTES.function(':id')} element={<FunctionPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    ROUTES.function(id),
  );

describe('FunctionPage', () => {
  it.each([
    ['1', __BOS_HOSTS__.bos1],
    ['2', __BOS_HOSTS__.bos2],
    ['3', __BOS_HOSTS__.bos3],
    ['9', __BOS_HOSTS__.bos3],
  ])('frames back office %s below the header with the site token, store and user', (id, host) => {
    localStorage.setItem(STORAGE_KEY.token, makeToken());
    localStorage.setItem(
      STORAGE_KEY.activeStore,
      JSON.stringify({ ...ACTIVE, installedStoreId: 7001 }),
    );
    localStorage.setItem(STORAGE_KEY.siteToken, 'site.token.x');
    renderFunction(id);
    const frame = screen.getByTitle(SITE_LABELS.backOfficeFrame);
    const src = new URL(frame.getAttribute('src')!);
    expect(`${src.origin}${src.pathname}`).toBe(host);
    expect(src.searchParams.get(BOS_APP.tokenParam)).toBe('site.token.x');
    expect(src.searchParams.get(BOS_APP.storeParam)).toBe('7001');
    expect(src.searchParams.get(BOS_APP.userParam)).toBe(String(BOS_FRAME_USER));
    expect(frame).toHaveAttribute('allow', 'camera');
    expect(frame.parentElement).toHaveStyle({ top: `${FUNCTION_HEADER_PX}px` });
    expect(screen.getByRole('status', { name: SITE_LABELS.loading })).toBeInTheDocument();
    fireEvent.load(frame);
    expect(screen.queryByRole('status', { name: SITE_LABELS.loading })).toBeNull();
  });

  it('clears all local storage and goes to /login without a site token', () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken());
    localStorage.setItem(STORAGE_KEY.activeStore, JSON.stringify(ACTIVE));
    renderFunction('1');
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.login);
    expect(localStorage.length).toBe(0);
  });

  it('clears all local storage and goes to /login without an active store', () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken());
    localStorage.setItem(STORAGE_KEY.siteToken, 'site.token.x');
    renderFunction('2');
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.login);
    expect(localStorage.length).toBe(0);
  });
});
