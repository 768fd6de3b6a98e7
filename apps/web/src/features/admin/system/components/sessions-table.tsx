import { STREAM_QUALITY_FRESH_MS, type SystemOverview } from '@autostudio/protocol';
import { cn } from '@/lib/cn';
import { since } from '../lib/durations';
import { streamFigures } from '../lib/stream-figures';
import { SystemTable, type SystemColumn } from './system-table';

type Session = SystemOverview['sessions'][number];

type Figures = ReturnType<typeof streamFigures>;

/** Live sessions: who streams from which engine, since when, and what their player last measured of the stream. */
export function SessionsTable({ sessions, now }: { sessions: Session[]; now: number }) {
  const stale = (session: Session) =>
    session.streamQualityAt === null || now - Date.parse(session.streamQualityAt) > STREAM_QUALITY_FRESH_MS;
  // A measure of the viewer's last report, dimmed once the report is too old to say anything of the stream now.
  const measure = (header: string, pick: (figures: Figures) => string): SystemColumn<Session> => ({
    header,
    numeric: true,
    cell: (session) => (
      <span className={cn(stale(session) && 'text-muted-foreground')}>
        {session.streamQuality ? pick(streamFigures(session.streamQuality)) : '—'}
      </span>
    ),
  });
  return (
    <SystemTable
      label="Live sessions"
      rows={sessions}
      rowKey={(session) => session.sessionId}
      empty="Nobody is streaming now."
      columns={[
        {
          header: 'User',
          cell: (session) => <span className="font-medium">{session.username ?? session.userId}</span>,
        },
        { header: 'Engine', cell: (session) => session.engineId },
        { header: 'For', numeric: true, cell: (session) => since(session.startedAt, now) },
        measure('FPS', (figures) => figures.fps),
        measure('Round trip', (figures) => figures.roundTrip),
        measure('Jitter', (figures) => figures.jitter),
        measure('Loss', (figures) => figures.loss),
        measure('Bitrate', (figures) => figures.bitrate),
        measure('Decode', (figures) => figures.decode),
        measure('Size', (figures) => figures.size),
        measure('Codec', (figures) => figures.codec),
        measure('Control → picture', (figures) => figures.controlToPhoton),
        {
          header: 'Reported',
          numeric: true,
          cell: (session) =>
            session.streamQualityAt === null ? (
              <span className="text-muted-foreground">not yet</span>
            ) : (
              <span className={cn(stale(session) && 'text-destructive')}>
                {since(session.streamQualityAt, now)} ago
              </span>
            ),
        },
      ]}
    />
  );
}
