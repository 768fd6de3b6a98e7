export { SessionStatusIndicator } from './components/session-status';
export { useProductLoad, type ProductLoad } from './hooks/use-product-load';
export { useSessionHeartbeat } from './hooks/use-session-heartbeat';
export { useStudioEntry, type StudioEntry } from './hooks/use-studio-entry';
export { useReleaseOnLeave } from './hooks/use-release-on-leave';
export { useNewSession, type NewSession } from './hooks/use-new-session';
export { useSessionStore } from './stores/session-store';
export { endSession } from './lib/end-session';
