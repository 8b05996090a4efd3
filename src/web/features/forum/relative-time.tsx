import { formatFull, formatRelative } from '../../components/format-time';

/** "3 hours ago", with the exact date on hover and in the machine-readable datetime. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatFull(iso)}>
      {formatRelative(iso)}
    </time>
  );
}
