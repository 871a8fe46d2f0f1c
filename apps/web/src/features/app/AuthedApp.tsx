import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { APP_ROUTES } from '../../routes';
import { needsProgram } from '../auth/home';
import { fromLocation } from '../auth/redirect';
import { useSession } from '../auth/useSession';
import { LazyErrorPage } from '../errors/lazyErrorPage';
import { AppLayout } from '../layout/AppLayout';
import { PageGuard } from './PageGuard';
import { queryClient } from './queryClient';

/** The signed-in app: layout, route table, guard, and 404 for unknown paths. */
export default function AuthedApp() {
  useTranslation('app');
  const { user, program } = useSession();
  const location = useLocation();
  if (!user) return null;
  if (needsProgram(user, program)) return <Navigate to="/select-program" replace state={fromLocation(location)} />;
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route element={<AppLayout />}>
          {APP_ROUTES.map(({ page, Page }) => (
            <Route
              key={page.path}
              path={page.path}
              element={
                <PageGuard page={page}>
                  <Page page={page} />
                </PageGuard>
              }
            />
          ))}
          <Route path="*" element={<LazyErrorPage status="404" />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
