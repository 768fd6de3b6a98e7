import { KeyRound, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { API_BASE, API_ROUTES, STATE_MESSAGES } from '@autostudio/protocol';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAuthOptions } from '../api/auth-api';
import { useLoginForm } from '../hooks/use-login-form';
import { useAuthStore } from '../stores/auth-store';

export function LoginForm({ initialError }: { initialError?: string | null }) {
  const loginWithCredentials = useAuthStore((state) => state.loginWithCredentials);
  const options = useAuthOptions();
  const [error, setError] = useState<string | null>(initialError ?? null);
  const form = useLoginForm(async (credentials, setFocus) => {
    setError(null);
    try {
      await loginWithCredentials(credentials);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : STATE_MESSAGES.loginFailedCheckCredentials);
      setFocus('password');
    }
  });
  const { errors, isSubmitting, setFocus } = form;

  useEffect(() => setFocus('username'), [setFocus]);

  return (
    <form
      onSubmit={(event) => void form.onSubmit(event)}
      noValidate
      className="flex flex-col gap-3"
      aria-label="Sign in"
    >
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="username">Username</Label>
        <Input
          id="username"
          autoComplete="username"
          aria-invalid={Boolean(errors.username)}
          aria-describedby={errors.username ? 'username-error' : undefined}
          {...form.field('username')}
        />
        {errors.username && (
          <p id="username-error" className="text-xs text-destructive">
            {errors.username}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...form.field('password')}
        />
        {errors.password && (
          <p id="password-error" className="text-xs text-destructive">
            {errors.password}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="mt-1" disabled={isSubmitting}>
        {isSubmitting ? (
          <Spinner className="size-4 text-primary-foreground" label="Signing in" />
        ) : (
          <LogIn aria-hidden />
        )}
        Sign in
      </Button>
      {options.data?.sso && (
        <>
          <div className="flex items-center gap-2 text-[11px] uppercase tracking-wider text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          <Button variant="secondary" size="lg" asChild>
            <a href={`${API_BASE}${API_ROUTES.auth.ssoLogin}`}>
              <KeyRound aria-hidden />
              Sign in with single sign-on
            </a>
          </Button>
        </>
      )}
    </form>
  );
}
