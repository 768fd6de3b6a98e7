export { LoginForm } from './components/login-form';
export { homeFor, meetsRole, RequireAuth, StartScreen } from './components/guards';
export { useAuthRecheck } from './hooks/use-auth-recheck';
export { useAuthStore, hasValidToken, isNearExpiry } from './stores/auth-store';
