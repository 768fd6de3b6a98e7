const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A list cell's date: the day, with the exact time on hover and for screen readers. */
export function DateCell({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span className="text-muted-foreground">—</span>;
  return (
    <time dateTime={value} title={DATE_TIME.format(date)} className="whitespace-nowrap text-muted-foreground">
      {DATE.format(date)}
    </time>
  );
}
