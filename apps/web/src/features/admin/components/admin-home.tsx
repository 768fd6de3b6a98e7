import { Database, HardDrive, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ErrorAlert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { useHealth } from '../api/health-api';

function StatusRow({ icon, name, ok, detail }: { icon: ReactNode; name: string; ok: boolean; detail: string }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <span className="text-muted-foreground">{icon}</span>
      <span className="w-24 font-medium">{name}</span>
      <span
        className={cn('size-2 rounded-full', ok ? 'bg-success' : 'bg-destructive')}
        aria-label={ok ? 'healthy' : 'failing'}
      />
      <span className="text-muted-foreground">{detail}</span>
    </li>
  );
}

/** The admin console's home: the state of the system at a glance. */
export function AdminHome() {
  const health = useHealth();
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-6 py-8">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Administration</h1>
        <p className="text-muted-foreground">Users, groups, presets, configurations, models and renders.</p>
      </div>
      <Card aria-label="System status">
        <CardHeader>
          <CardTitle>System status</CardTitle>
        </CardHeader>
        <CardContent>
          {health.isPending && <Spinner label="Loading system status" />}
          {health.isError && <ErrorAlert>{health.error.message}</ErrorAlert>}
          {health.data && (
            <ul className="divide-y divide-border">
              <StatusRow
                icon={<Database className="size-4" />}
                name="Database"
                ok={health.data.database.ok}
                detail={`${health.data.database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · ${health.data.database.detail}`}
              />
              <StatusRow
                icon={<HardDrive className="size-4" />}
                name="Storage"
                ok={health.data.storage.ok}
                detail={`${health.data.storage.driver === 'local' ? 'Local folder' : 'S3'} · ${health.data.storage.detail}`}
              />
              <StatusRow
                icon={<Server className="size-4" />}
                name="Engines"
                ok={health.data.engines.ok}
                detail={`${health.data.engines.running} of ${health.data.engines.max} running · ${health.data.engines.provider} provider`}
              />
            </ul>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
