import { API_BASE } from '@autostudio/protocol';

/** Where the browser reads a stored blob: the media route, behind the cookie from GET /aws-s3/auth-cookie. */
export function mediaUrl(key: string): string {
  return `${API_BASE}/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** A file name that is safe as the last part of a storage key and still recognisable to people. */
export function safeFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKC')
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  return cleaned.length > 0 ? cleaned : fallback;
}
