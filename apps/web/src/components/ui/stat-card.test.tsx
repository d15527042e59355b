import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

test('a stat card shows a count with en-GB grouping, a text as is, and its hint as a second description', () => {
  render(
    <dl>
      <StatCard label="Views" value={12345} hint="this week" />
      <StatCard label="Conversion" value="12.5%" />
    </dl>,
  );
  expect(valueOf('Views')).toHaveTextContent(/^12,345$/);
  expect(valueOf('Views')?.nextElementSibling).toHaveTextContent('this week');
  expect(valueOf('Conversion')).toHaveTextContent(/^12\.5%$/);
});

test('a stat card without a value yet says Loading to screen readers', () => {
  render(
    <dl>
      <StatCard label="Views" value={undefined} />
    </dl>,
  );
  expect(valueOf('Views')).toHaveTextContent(/^Loading$/);
});

test('a stat card whose load failed stops loading and says Not available', () => {
  render(
    <dl>
      <StatCard label="Views" value={undefined} failed />
    </dl>,
  );
  expect(valueOf('Views')).toHaveTextContent(/^—Not available$/);
  expect(valueOf('Views')?.querySelector('.animate-pulse')).toBeNull();
});

test('a failed load is an alert with the message and a Try again button that retries', async () => {
  const retry = vi.fn();
  render(<LoadFailed message="Failed to load enquiries" onRetry={retry} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to load enquiries');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalledOnce();
});
