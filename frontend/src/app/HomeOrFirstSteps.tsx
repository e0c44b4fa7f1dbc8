import { useCompaniesForUser } from '../api/useCompanies';
import { HomePage } from '../features/home/HomePage';
import { FirstSteps } from '../features/users/FirstSteps';

/** Home, or the first steps while the user has no company to open. */
export function HomeOrFirstSteps() {
  const companies = useCompaniesForUser();
  if (companies.data?.length === 0) return <FirstSteps />;
  return <HomePage />;
}
