import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { TOASTS } from '@autostudio/protocol';
import { useTheme } from '@/components/theme/theme-context';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { useAuthRecheck } from '@/features/auth';
import { ForgetServerDataOnUserChange } from './forget-server-data';
import { GlobalLoadingOverlay } from './global-loading-overlay';

// Only the pages behind sign-in raise toasts, and they load later than this: the sign-in screen need not wait for
// sonner's code (its bundle budget, apps/web/scripts/check-bundle-budget.mjs).
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
        <Suspense>
          <ThemedToaster />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
