import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LOGIN_RETURN_PARAMS } from '@autostudio/protocol';
import { BrandMark } from '@/components/layout/brand-mark';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { PageSpinner } from '@/components/ui/spinner';
import { homeFor, LoginForm, signedOutReason, useAuthStore } from '@/features/auth';
import { sessionStore } from '@/lib/session-storage';

const hasStoredTokens = () => Boolean(sessionStore.get('accessToken') ?? sessionStore.get('refreshToken'));

export function LoginRoute() {
  const [params, setParams] = useSearchParams();
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  const checkAuth = useAuthStore((state) => state.checkAuth);
  const loginWithTokens = useAuthStore((state) => state.loginWithTokens);

  // Single sign-on comes back with tokens (or an error) in the query string (spec §2); read them once.
  const [returned] = useState(() => ({
    token: params.get(LOGIN_RETURN_PARAMS.token),
    refreshToken: params.get(LOGIN_RETURN_PARAMS.refreshToken),
    error: params.get(LOGIN_RETURN_PARAMS.error),
  }));
  // A user the app signed out (a refused refresh, the 60 s re-check) is told why, once, on arrival.
  const [returnError, setReturnError] = useState(() => returned.error ?? signedOutReason(useAuthStore.getState()));
  // The spinner covers only this screen's own check of returned or stored tokens, never a credentials attempt:
  // the form must stay mounted to show what went wrong.
  const [checkingTokens, setCheckingTokens] = useState(
    () => Boolean(returned.token) || (useAuthStore.getState().status === 'none' && hasStoredTokens()),
  );
  const started = useRef(false);

  useEffect(() => {
    if (!checkingTokens || started.current) return;
    started.current = true;
    const check = returned.token ? loginWithTokens(returned.token, returned.refreshToken) : checkAuth();
    check
      .catch((error: unknown) => setReturnError(error instanceof Error ? error.message : String(error)))
      .finally(() => setCheckingTokens(false));
  }, [checkingTokens, returned, loginWithTokens, checkAuth]);

  useEffect(() => {
    if (params.size > 0) setParams({}, { replace: true });
  }, [params, setParams]);

  if (status === 'authenticated') return <Navigate to={homeFor(user)} replace />;
  if (checkingTokens) return <PageSpinner label="Signing in" />;

  return (
    <div className="relative flex min-h-full items-center justify-center bg-[radial-gradient(ellipse_at_top,var(--surface-raised),var(--background)_60%)] px-4">
      <ThemeToggle className="absolute top-3 right-3" />
      <main className="w-full max-w-[340px]">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <BrandMark className="size-10" />
          <h1 className="text-lg font-semibold tracking-tight">Sign in to Autostudio</h1>
          <p className="text-muted-foreground">Configure, light and render your vehicles.</p>
        </div>
        <div className="rounded-lg border border-border bg-surface p-5 shadow-xl shadow-black/10">
          <LoginForm initialError={returnError} />
        </div>
      </main>
    </div>
  );
}
