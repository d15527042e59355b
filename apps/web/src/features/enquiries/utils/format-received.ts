/**
 * When an enquiry arrived, with the time: '20 Nov 2026, 10:00' (en-GB, UK time, as the marketplace is; issue #23 — a
 * date alone does not order the day's enquiries). Shared by the agent's and the admin's inboxes.
 */
const receivedFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export function formatReceived(iso: string): string {
  return receivedFormat.format(new Date(iso));
}
