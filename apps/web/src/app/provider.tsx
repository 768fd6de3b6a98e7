import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOASTS } from '@autostudio/protocol';
import { useTheme } from '@/components/theme/theme-context';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { useAuthRecheck } from '@/features/auth';

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
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
