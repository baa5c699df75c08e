// A timestamp from the API shown in the reader's locale, machine-readable in `dateTime`.
const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}
