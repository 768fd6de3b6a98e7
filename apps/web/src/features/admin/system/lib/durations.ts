/** A length of time as the System page shows it, at the precision a glance needs: "45 s", "12 min", "3 h 05 min". */
export function span(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** How long since a moment, or "—" when there is none (or it cannot be read). */
export function since(iso: string | null, now: number): string {
  if (iso === null) return '—';
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '—' : span(now - at);
}
