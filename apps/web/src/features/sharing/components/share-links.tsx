import { Check, Copy, Link2, X } from 'lucide-react';
import { useState } from 'react';
import type { ConfigLink } from '@autostudio/protocol';
import { useConfigLinks, useCreateConfigLink, useRevokeConfigLink } from '@/api/config-links';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';

/** How long a new link lasts: the choices, in days (null: until revoked). */
const EXPIRIES = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '1 year', days: 365 },
  { label: 'No expiry', days: null },
] as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** The link as someone else opens it: this server's address and the viewer's path. */
const absolute = (link: ConfigLink) => new URL(link.url, window.location.origin).href;

/**
 * Read-only links to a configuration: anyone with one sees its picture, car and options without signing in, and
 * takes no engine. Each can expire and be revoked; revoking one leaves the others.
 */
export function ShareLinks({ configId }: { configId: string }) {
  const links = useConfigLinks(configId);
  const create = useCreateConfigLink(configId);
  const revoke = useRevokeConfigLink(configId);
  const [days, setDays] = useState<number | null>(30);
  const [copied, setCopied] = useState<string | null>(null);

  const copy = (link: ConfigLink) => {
    navigator.clipboard.writeText(absolute(link)).then(
      () => setCopied(link.id),
      () => toast.error('The link could not be copied; select it and copy it by hand.'),
    );
  };

  return (
    <section aria-label="Links" className="flex flex-col gap-2">
      <h3 className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Link to view</h3>
      <p className="text-xs text-muted-foreground">
        Anyone with the link sees the picture, the car and its options, without an account. It cannot be changed from
        there.
      </p>
      <div className="flex items-center gap-2">
        <label className="text-xs text-muted-foreground" htmlFor={`link-expiry-${configId}`}>
          Expires after
        </label>
        <select
          id={`link-expiry-${configId}`}
          className="h-8 rounded-md border border-border bg-surface-raised px-2 text-[13px]"
          value={days === null ? 'never' : String(days)}
          onChange={(event) => setDays(event.target.value === 'never' ? null : Number(event.target.value))}
        >
          {EXPIRIES.map((expiry) => (
            <option key={expiry.label} value={expiry.days === null ? 'never' : String(expiry.days)}>
              {expiry.label}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          variant="secondary"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(days, {
              onSuccess: (link) => copy(link),
              onError: () => toast.error('The link could not be created.'),
            })
          }
        >
          {create.isPending ? <Spinner className="size-3.5" label="" /> : <Link2 aria-hidden />}
          Create link
        </Button>
      </div>
      {links.data && links.data.length > 0 && (
        <ul aria-label="Live links" className="divide-y divide-border rounded-md border border-border">
          {links.data.map((link) => (
            <li key={link.id} className="flex items-center gap-2 px-3 py-1.5">
              <div className="min-w-0 flex-1">
                <input
                  readOnly
                  aria-label="Link address"
                  value={absolute(link)}
                  onFocus={(event) => event.currentTarget.select()}
                  className="w-full truncate bg-transparent font-mono text-[12px] outline-none"
                />
                <p className="text-[11px] text-muted-foreground">
                  {link.expiresAt ? `Expires ${dateFormat.format(new Date(link.expiresAt))}` : 'Does not expire'}
                </p>
              </div>
              <Button variant="ghost" size="sm" aria-label="Copy link" onClick={() => copy(link)}>
                {copied === link.id ? <Check aria-hidden /> : <Copy aria-hidden />}
                {copied === link.id ? 'Copied' : 'Copy'}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label="Revoke link"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(link.id, {
                    onSuccess: () => toast.success('The link no longer works.'),
                    onError: () => toast.error('The link could not be revoked.'),
                  })
                }
              >
                <X aria-hidden />
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
