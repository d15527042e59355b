import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { ToggleGroup, ToggleGroupItem } from '#src/components/ui/toggle-group.tsx';

function Mode() {
  const [value, setValue] = useState('sale');
  return (
    <>
      <ToggleGroup
        type="single"
        aria-label="Buy or rent"
        value={value}
        onValueChange={(v) => v && setValue(v)}
      >
        <ToggleGroupItem value="sale">Buy</ToggleGroupItem>
        <ToggleGroupItem value="rent">Rent</ToggleGroupItem>
        <ToggleGroupItem value="any">Any</ToggleGroupItem>
      </ToggleGroup>
      <button type="button">After</button>
    </>
  );
}

function Tags() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <ToggleGroup type="multiple" aria-label="Must have" value={value} onValueChange={setValue}>
      <ToggleGroupItem value="garden">Garden</ToggleGroupItem>
      <ToggleGroupItem value="parking">Parking</ToggleGroupItem>
    </ToggleGroup>
  );
}

test('single: a radio group with aria-checked and data-state; a click chooses', async () => {
  const user = userEvent.setup();
  render(<Mode />);
  expect(screen.getByRole('group', { name: 'Buy or rent' })).toBeInTheDocument();
  const buy = screen.getByRole('radio', { name: 'Buy' });
  const rent = screen.getByRole('radio', { name: 'Rent' });
  expect(buy).toHaveAttribute('aria-checked', 'true');
  expect(buy).toHaveAttribute('data-state', 'on');
  expect(rent).toHaveAttribute('aria-checked', 'false');
  await user.click(rent);
  expect(rent).toHaveAttribute('aria-checked', 'true');
  expect(buy).toHaveAttribute('data-state', 'off');
  // Pressing the chosen item again offers '' (the consumer above keeps its choice).
  await user.click(rent);
  expect(rent).toHaveAttribute('aria-checked', 'true');
});

test('single: one Tab stop on the chosen item; arrows, Home and End move focus; Space chooses', async () => {
  const user = userEvent.setup();
  render(<Mode />);
  await user.tab();
  expect(screen.getByRole('radio', { name: 'Buy' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('radio', { name: 'Rent' })).toHaveFocus();
  await user.keyboard('{End}');
  expect(screen.getByRole('radio', { name: 'Any' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('radio', { name: 'Buy' })).toHaveFocus();
  await user.keyboard('{ArrowLeft}{ }');
  expect(screen.getByRole('radio', { name: 'Any' })).toHaveAttribute('aria-checked', 'true');
  await user.tab();
  expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
});

test('multiple: toggle buttons with aria-pressed', async () => {
  const user = userEvent.setup();
  render(<Tags />);
  const garden = screen.getByRole('button', { name: 'Garden' });
  expect(garden).toHaveAttribute('aria-pressed', 'false');
  await user.click(garden);
  await user.click(screen.getByRole('button', { name: 'Parking' }));
  expect(garden).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Parking' })).toHaveAttribute('data-state', 'on');
  await user.click(garden);
  expect(garden).toHaveAttribute('aria-pressed', 'false');
});
