import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth';
import { configureApiClient } from '@/lib/api-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { useMediaCookie } from './use-media-cookie';

export function App() {
  const [router] = useState(() => {
    const created = createAppRouter();
    configureApiClient({
      origin: '',
      getAccessToken: () => useAuthStore.getState().accessToken,
      refreshAccessToken: () => useAuthStore.getState().refreshTokens(),
      redirectToLogin: () => {
        if (created.state.location.pathname !== paths.login) void created.navigate(paths.login, { replace: true });
      },
    });
    return created;
  });
  useMediaCookie();
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
