import { useEffect, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth';
import { configureApiClient } from '@/lib/api-client';
import { AppProvider } from './provider';
import { routes } from './router';
import { useMediaCookie } from './use-media-cookie';

/**
 * Hands code outside React (the API client's 401 rule, spec §8) the router's way to /login: in place of the current
 * entry, unless the user is there already.
 */
export function LoginRedirect({ onReady }: { onReady: (redirect: () => void) => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    onReady(() => {
      if (pathname !== paths.login) void navigate(paths.login, { replace: true });
    });
  }, [navigate, onReady, pathname]);
  return null;
}

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  const [setRedirect] = useState(() => {
    let redirect: () => void = () => undefined;
    configureApiClient({
      origin: '',
      getAccessToken: () => useAuthStore.getState().accessToken,
      refreshAccessToken: () => useAuthStore.getState().refreshTokens(),
      redirectToLogin: () => redirect(),
    });
    return (next: () => void) => {
      redirect = next;
    };
  });
  useMediaCookie();
  return (
    <AppProvider>
      <BrowserRouter>
        <LoginRedirect onReady={setRedirect} />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
