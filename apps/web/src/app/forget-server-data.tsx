import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuthStore } from '@/features/auth';

/**
 * Server data belongs to the one who fetched it: when the signed-in user changes (a sign-out, or another sign-in in
 * the same tab), every cached answer is dropped. Otherwise the next user's lists (configurations, presets, renders,
 * the console's tables) opened on the previous user's rows until their own arrived.
 */
export function ForgetServerDataOnUserChange() {
  const client = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const shown = useRef(userId);
  useEffect(() => {
    if (shown.current === userId) return;
    shown.current = userId;
    client.clear();
  }, [client, userId]);
  return null;
}
