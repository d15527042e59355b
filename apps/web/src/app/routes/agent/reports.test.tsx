import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { AGENT_REPORTS_MESSAGES } from '@abode/shared/agent/reports.schema';
import { AgentReportsRoute } from '#src/app/routes/agent/reports.tsx';
import { ReportCard } from '#src/features/agent-reports/components/report-card.tsx';

const NOW = new Date('2026-11-23T12:00:00Z');

test('both reports are offered, each defaulting to the first of the month → today', () => {
  render(<AgentReportsRoute />);
  expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Listings report' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Enquiries report' })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Download CSV' })).toHaveLength(2);
});

test('Download CSV links to the API with the chosen range and a file name', () => {
  render(<ReportCard kind="enquiries" title="Enquiries report" description="" now={NOW} />);
  expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  expect(screen.getByLabelText('To')).toHaveValue('2026-11-23');
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-05' } });
  const link = screen.getByRole('link', { name: 'Download CSV' });
  expect(link).toHaveAttribute('href', '/api/agent/reports/enquiries.csv?from=2026-10-05&to=2026-11-23');
  expect(link).toHaveAttribute('download', 'abode-enquiries-2026-10-05-to-2026-11-23.csv');
});

test('a From date after the To date shows a message and disables the download', () => {
  render(<ReportCard kind="listings" title="Listings report" description="" now={NOW} />);
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
  expect(screen.getByRole('alert')).toHaveTextContent(AGENT_REPORTS_MESSAGES.fromAfterTo);
  expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(
    within(screen.getByRole('link', { name: 'Download CSV' })).queryByText('Download CSV'),
  ).toBeInTheDocument();
});

test('an empty date or a range over a year is refused', () => {
  render(<ReportCard kind="listings" title="Listings report" description="" now={NOW} />);
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
  expect(screen.getByRole('alert')).toHaveTextContent(AGENT_REPORTS_MESSAGES.invalidDate);
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-23' } });
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
  expect(screen.getByRole('alert')).toHaveTextContent(AGENT_REPORTS_MESSAGES.rangeTooLong);
});
