export { LoginForm } from './components/login-form';
export { homeFor, meetsRole, RequireAuth, StartScreen } from './components/guards';
export { useAuthRecheck } from './hooks/use-auth-recheck';
export { useAuthStore, hasValidToken, isNearExpiry, signedOutReason } from './stores/auth-store';
