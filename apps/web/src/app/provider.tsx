import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { TOASTS } from '@autostudio/protocol';
import { useTheme } from '@/components/theme/theme-context';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { useAuthRecheck, useAuthStore } from '@/features/auth';
import { ForgetServerDataOnUserChange } from './forget-server-data';
import { GlobalLoadingOverlay } from './global-loading-overlay';

// Only the pages behind sign-in raise toasts: the sign-in screen never loads sonner's code (9.4 kB gzipped, which
// Chromium fetched on /login while the Toaster was mounted for everyone; the /login budget is 150 kB).
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      position={TOASTS.position}
      closeButton
      richColors
      duration={TOASTS.durationMs}
      visibleToasts={TOASTS.visibleToasts}
      theme={resolvedTheme}
    />
  );
}

/**
 * The Toaster from the first sign-in on, and kept after a sign-out: a toast raised on the way out (a session that
 * ended) stays in view on /login.
 */
export function ToasterAfterSignIn() {
  const signedIn = useAuthStore((state) => state.user !== null);
  const [wanted, setWanted] = useState(signedIn);
  if (signedIn && !wanted) setWanted(true);
  return wanted ? (
    <Suspense>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

function AuthRecheck() {
  useAuthRecheck();
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthRecheck />
        <ForgetServerDataOnUserChange />
        {children}
        <GlobalLoadingOverlay />
        <ToasterAfterSignIn />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
