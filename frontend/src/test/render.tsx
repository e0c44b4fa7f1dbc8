import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '../app/AppProviders';

/**
 * The app's providers around `ui`, with an in-memory router starting at `path` (a location with
 * navigation state where the page needs one).
 */
export function renderWithProviders(ui: ReactElement, path: InitialEntry = '/') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}
