import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { TOASTS } from '@autostudio/protocol';
import { useTheme } from '@/components/theme/theme-context';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { useAuthRecheck } from '@/features/auth';
import { useToastRaised } from '@/lib/toast';
import { ForgetServerDataOnUserChange } from './forget-server-data';
import { GlobalLoadingOverlay } from './global-loading-overlay';

// Sonner's code loads with the first toast raised (@/lib/toast), and its Toaster mounts then: a visit without a
// toast never fetches it (9.2 kB gzipped, the /login and /home budgets in bundle-budgets.json).
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

/** The Toaster from the first toast on, and kept: a toast raised on the way out (a session that ended) stays in view. */
export function ToasterOnFirstToast() {
  return useToastRaised() ? (
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
        <ToasterOnFirstToast />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
