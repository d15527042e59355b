import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { LocationCombobox } from '#src/features/search/components/location-combobox.tsx';
import { renderWithRouter, stubFetch } from '#src/testing/test-utils.tsx';

const SUGGESTIONS: LocationSuggestion[] = [
  { label: 'Reading', kind: 'town', value: 'Reading' },
  { label: 'RG1', kind: 'outcode', value: 'RG1' },
  { label: 'RG1 1AA', kind: 'postcode', value: 'RG1 1AA' },
];

function Box({ initial = '', onPick }: { initial?: string; onPick?: (s: LocationSuggestion) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form aria-label="Search" onSubmit={(e) => e.preventDefault()} className="relative">
      <label htmlFor="loc">Location</label>
      <LocationCombobox id="loc" value={value} onValueChange={setValue} onPick={onPick} />
      <output data-testid="value">{value}</output>
    </form>
  );
}

function setup(initial?: string) {
  const fetch = stubFetch((url) =>
    url.pathname === '/api/locations'
      ? Response.json({ items: SUGGESTIONS })
      : new Response(null, { status: 202 }),
  );
  const onPick = vi.fn();
  renderWithRouter(<Box initial={initial} onPick={onPick} />);
  const box = screen.getByRole('combobox', { name: 'Location' });
  return { fetch, onPick, box, user: userEvent.setup() };
}

const locationCalls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter(([input]) => String(input).startsWith('/api/locations'));

test('is a combobox with a list box of suggestions once typing pauses (WAI-ARIA combobox pattern)', async () => {
  const { box, user, fetch } = setup();
  expect(box).toHaveAttribute('aria-autocomplete', 'list');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  const listbox = screen.getByRole('listbox', { hidden: true });
  expect(box).toHaveAttribute('aria-controls', listbox.id);

  await user.type(box, 'Readi');
  expect(await screen.findByRole('option', { name: /Reading/ })).toBeInTheDocument();
  expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getAllByRole('option')).toHaveLength(3);
  expect(screen.getByRole('option', { name: /^RG1,\s?Postcode area$/ })).toBeInTheDocument();
  // Debounced: one request for the whole word, not one per letter.
  expect(locationCalls(fetch)).toHaveLength(1);
  expect(String(locationCalls(fetch)[0]![0])).toBe('/api/locations?q=readi');
  expect(screen.getByText(/^3 suggestions:/)).toHaveAttribute('role', 'status');
});

test('ArrowDown and ArrowUp move the active option; Enter picks it', async () => {
  const { box, user, onPick } = setup();
  await user.type(box, 'rg');
  await screen.findByRole('option', { name: /Reading/ });

  await user.keyboard('{ArrowDown}');
  const first = screen.getByRole('option', { name: /Reading/ });
  expect(box).toHaveAttribute('aria-activedescendant', first.id);
  expect(first).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /RG1 1AA/ }).id);
  await user.keyboard('{ArrowDown}');
  expect(box).toHaveAttribute('aria-activedescendant', first.id);
  await user.keyboard('{ArrowUp}');
  const last = screen.getByRole('option', { name: /RG1 1AA/ });
  expect(box).toHaveAttribute('aria-activedescendant', last.id);

  await user.keyboard('{Enter}');
  expect(box).toHaveValue('RG1 1AA');
  expect(onPick).toHaveBeenCalledWith(SUGGESTIONS[2]);
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).not.toHaveAttribute('aria-activedescendant');
});

test('Escape closes the list and keeps the text; a click on an option picks it', async () => {
  const { box, user, onPick } = setup();
  await user.type(box, 'Read');
  await screen.findByRole('option', { name: /Reading/ });
  await user.keyboard('{Escape}');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).toHaveValue('Read');

  await user.keyboard('{ArrowDown}');
  expect(box).toHaveAttribute('aria-expanded', 'true');
  await user.click(screen.getByRole('option', { name: /Reading/ }));
  expect(box).toHaveValue('Reading');
  expect(box).toHaveFocus();
  expect(onPick).toHaveBeenCalledWith(SUGGESTIONS[0]);
});

test('a location filled in from the URL asks for nothing until the person types', async () => {
  const { box, user, fetch } = setup('Manchester');
  await new Promise((r) => setTimeout(r, 300));
  expect(locationCalls(fetch)).toHaveLength(0);
  expect(box).toHaveAttribute('aria-expanded', 'false');

  await user.type(box, 'x');
  await waitFor(() => expect(locationCalls(fetch)).toHaveLength(1));
  expect(String(locationCalls(fetch)[0]![0])).toBe('/api/locations?q=manchesterx');
});

test('one letter suggests nothing; Enter without a chosen option leaves the text to the form', async () => {
  const { box, user, fetch } = setup();
  await user.type(box, 'R');
  await new Promise((r) => setTimeout(r, 300));
  expect(locationCalls(fetch)).toHaveLength(0);
  await user.type(box, 'eading{Enter}');
  expect(screen.getByTestId('value')).toHaveTextContent('Reading');
  expect(box).toHaveAttribute('aria-expanded', 'false');
});
