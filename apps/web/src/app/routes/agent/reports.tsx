import { ReportCard } from '#src/features/agent-reports/components/report-card.tsx';

/**
 * /agent/reports (REQ-AGENT-16): the listings and enquiries reports as CSV for a date range. Dates are UTC days,
 * both ends included, at most 366 days.
 */
export function AgentReportsRoute() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <title>Reports · Abode Agent Portal</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reports</h1>
        <p className="text-muted-foreground">
          Download your listings and enquiries as CSV files for a spreadsheet. Up to a year at a time.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <ReportCard
          kind="listings"
          title="Listings report"
          description="Listings you added in the period: address, asking price, status, approval, views and enquiries."
        />
        <ReportCard
          kind="enquiries"
          title="Enquiries report"
          description="Enquiries you received in the period: date, status, customer contact details, property and message."
        />
      </div>
    </div>
  );
}
