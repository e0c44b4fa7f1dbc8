import { ROUTES } from '@store-cloud/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSession } from '../auth/session-storage';

/** Logout (spec §2 Shell): clear the active store and token, drop cached data, go to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    // Another user may log in next in this tab; nothing of this one's data may show.
    queryClient.clear();
    void navigate(ROUTES.login, { replace: true });
  }, [navigate, queryClient]);
}
