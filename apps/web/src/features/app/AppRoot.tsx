import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { PageLoading } from '../../shared/page/PageLoading';
import { LazyErrorPage } from '../errors/lazyErrorPage';
import { MODULES } from '../../modules';
import { ModulesProvider } from '../../shared/registry';
import { AntdProvider } from './AntdProvider';
import { PwaNotices } from './PwaNotices';

const SelectProgram = lazy(() => import('../programs/SelectProgram'));
const AuthedApp = lazy(() => import('./AuthedApp'));

/**
 * Everything that uses the component library: programme choice and the signed-in app (sign-in is a plain page of
 * its own), with the app's modules (modules.ts) handed down to the sidebar, the slots and the sign-out.
 */
export default function AppRoot() {
  return (
    <AntdProvider>
      <ModulesProvider modules={MODULES}>
        <PwaNotices />
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/500" element={<LazyErrorPage status="500" />} />
            <Route
              path="/select-program"
              element={
                <RequireAuth>
                  <SelectProgram />
                </RequireAuth>
              }
            />
            <Route
              path="*"
              element={
                <RequireAuth>
                  <AuthedApp />
                </RequireAuth>
              }
            />
          </Routes>
        </Suspense>
      </ModulesProvider>
    </AntdProvider>
  );
}
