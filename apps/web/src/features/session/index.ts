export { SessionStatusIndicator } from './components/session-status';
export { useProductLoad, type ProductLoad } from './hooks/use-product-load';
export { useSessionHeartbeat } from './hooks/use-session-heartbeat';
export { useSessionStore } from './stores/session-store';
export { endSession } from './lib/end-session';
