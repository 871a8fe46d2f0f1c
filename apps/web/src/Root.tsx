import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { DemoBanner } from './features/demo/DemoBanner';
import { PageLoading } from './shared/page/PageLoading';
import { SectionBoundary } from './features/errors/SectionBoundary';

// Public pages and sign-in stay free of the component library; everything loads on demand (the server
// answers a first visit of `/` and `/terms` with their prerendered HTML).
const Landing = lazy(() => import('./features/public/landing/Landing'));
const Terms = lazy(() => import('./features/public/Terms'));
const Docs = lazy(() => import('./features/public/Docs'));
const Verify = lazy(() => import('./features/verify/VerifyPage'));
// In a file of its own that the shell fetches up front (vite.config.ts), so a slow connection waits for no second round trip.
const SignIn = lazy(() => import('./features/auth/SignIn'));
const AppRoot = lazy(() => import('./features/app/AppRoot'));

function TopRoutes() {
  const location = useLocation();
  return (
    <SectionBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<Landing />} />
          <Route path="/terms" element={<Terms />} />
          <Route path="/docs" element={<Docs />} />
          <Route path="/verify" element={<Verify />} />
          <Route path="/verify/:code" element={<Verify />} />
          <Route path="/signin" element={<SignIn />} />
          <Route path="*" element={<AppRoot />} />
        </Routes>
      </Suspense>
    </SectionBoundary>
  );
}

export function Root() {
  return (
    <BrowserRouter>
      <TopRoutes />
      <DemoBanner />
    </BrowserRouter>
  );
}
