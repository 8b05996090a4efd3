import { useFormats } from '../../components/format-time';

/** "3 hours ago", with the exact date on hover and in the machine-readable datetime. */
export function RelativeTime({ iso }: { iso: string }) {
  const format = useFormats();
  return (
    <time dateTime={iso} title={format.full(iso)}>
      {format.relative(iso)}
    </time>
  );
}
