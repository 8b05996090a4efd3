/**
 * A moment where the reader's time zone is unknown (an e-mail, a refusal written by the
 * server): "27 November 2026 at 14:42 UTC", with the zone said.
 */
export function utcMoment(date: Date | string): string {
  const moment = new Date(date);
  const day = moment.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = moment.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `${day} at ${time} UTC`;
}
