// UK time, as the rest of the portal gives times (features/enquiries/utils/format-received.ts).
const importTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** When an import ran: '26 Nov 2026, 14:05' (UK time) from an ISO 8601 instant. */
export function formatImportTime(iso: string): string {
  return importTimeFormat.format(new Date(iso));
}
