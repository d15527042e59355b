import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import MortgageCalculator from './mortgage-calculator.tsx';
import StampDutyCalculator from './stamp-duty-calculator.tsx';

test('Stamp Duty: the asking price fills the price; every band and the total show', () => {
  render(<StampDutyCalculator askingPricePence={295_000_00} />);
  expect(screen.getByLabelText('Property price (£)')).toHaveValue('295000');
  expect(screen.getByTestId('sdlt-total')).toHaveTextContent('£4,750');
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  expect(rows.map((r) => r.textContent)).toEqual([
    '£0 to £125,0000%£125,000£0',
    '£125,000 to £250,0002%£125,000£2,500',
    '£250,000 to £925,0005%£45,000£2,250',
    '£925,000 to £1,500,00010%£0£0',
    'Over £1,500,00012%£0£0',
  ]);
  expect(
    screen.getByRole('link', { name: /Stamp Duty Land Tax: residential property rates/ }),
  ).toHaveAttribute('href', 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates');
  expect(screen.getByText(/from 1 April 2025/)).toBeInTheDocument();
});

test('Stamp Duty: first-time buyer and additional property change the bands and total', async () => {
  const user = userEvent.setup();
  render(<StampDutyCalculator askingPricePence={295_000_00} />);
  await user.click(screen.getByRole('radio', { name: 'First-time buyer' }));
  expect(screen.getByTestId('sdlt-total')).toHaveTextContent('£0');
  expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);

  await user.click(screen.getByRole('radio', { name: /Additional property/ }));
  expect(screen.getByTestId('sdlt-total')).toHaveTextContent('£19,500');

  await user.click(screen.getByRole('radio', { name: 'First-time buyer' }));
  const price = screen.getByLabelText('Property price (£)');
  await user.clear(price);
  await user.type(price, '600,000');
  expect(screen.getByTestId('sdlt-total')).toHaveTextContent('£20,000');
  expect(screen.getByText(/First-time buyer relief does not apply above £500,000/)).toBeInTheDocument();

  await user.clear(price);
  await user.type(price, 'abc');
  expect(screen.queryByTestId('sdlt-total')).not.toBeInTheDocument();
  expect(price).toHaveAttribute('aria-invalid', 'true');
});

test('Mortgage: deposit as a percentage or in pounds gives the monthly repayment', async () => {
  const user = userEvent.setup();
  render(<MortgageCalculator askingPricePence={250_000_00} />);
  const rate = screen.getByLabelText('Interest rate (% a year)');
  await user.clear(rate);
  await user.type(rate, '5');
  const deposit = screen.getByLabelText('Deposit');
  await user.clear(deposit);
  await user.type(deposit, '20');
  // £250,000 less 20% = £200,000 at 5% over 25 years.
  expect(screen.getByTestId('mortgage-monthly')).toHaveTextContent('£1,169.18');
  expect(screen.getByText(/Borrowing £200,000/)).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Deposit unit'), '£');
  await user.clear(deposit);
  await user.type(deposit, '150000');
  // £100,000 at 5% over 25 years.
  expect(screen.getByTestId('mortgage-monthly')).toHaveTextContent('£584.59');

  await user.clear(deposit);
  await user.type(deposit, '300000');
  expect(screen.getByText('The deposit cannot be more than the price')).toBeInTheDocument();
  expect(deposit).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByTestId('mortgage-monthly')).not.toBeInTheDocument();

  // The schema's percentage rule shows under the deposit too.
  await user.selectOptions(screen.getByLabelText('Deposit unit'), '%');
  await user.clear(deposit);
  await user.type(deposit, '120');
  expect(screen.getByText('Enter a deposit of 0% to 100%')).toBeInTheDocument();
  expect(screen.queryByTestId('mortgage-monthly')).not.toBeInTheDocument();
});
