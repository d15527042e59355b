import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { LocationCombobox } from '#src/features/search/components/location-combobox.tsx';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

// Real places of the demo data (HM Land Registry price paid, OS Code-Point Open); the counts are the stub's own.
const SUGGESTIONS: LocationSuggestion[] = [
  { label: 'Bath', kind: 'town', value: 'Bath', id: 'town:bath', count: 1204 },
  {
    label: 'Bath and North East Somerset',
    kind: 'authority',
    value: 'Bath and North East Somerset',
    id: 'authority:E06000022',
    count: 1,
  },
  {
    label: 'Magdalen Avenue, Bath',
    kind: 'street',
    value: 'Magdalen Avenue, Bath',
    id: 'street:bath|magdalen avenue',
    count: 0,
  },
  { label: 'BA2', kind: 'outcode', value: 'BA2', id: 'outcode:BA2', count: 35 },
  { label: 'BA2 4QB', kind: 'postcode', value: 'BA2 4QB', id: 'postcode:BA2 4QB' },
];

function Box({
  initial = '',
  mode,
  onPick,
}: {
  initial?: string;
  mode?: 'sale' | 'rent';
  onPick?: (s: LocationSuggestion) => void;
}) {
  const [value, setValue] = useState(initial);
  const [place, setPlace] = useState<string | undefined>();
  return (
    <form aria-label="Search" onSubmit={(e) => e.preventDefault()} className="relative">
      <label htmlFor="loc">Location</label>
      <LocationCombobox
        id="loc"
        value={value}
        onValueChange={(text, picked) => {
          setValue(text);
          setPlace(picked);
        }}
        onPick={onPick}
        mode={mode}
      />
      <output data-testid="value">{value}</output>
      <output data-testid="place">{place ?? 'none'}</output>
    </form>
  );
}

/** The box, the server suggesting SUGGESTIONS for any text; `requests` are those the server received. */
function setup(initial?: string, mode?: 'sale' | 'rent') {
  server.use(http.get('/api/locations', () => HttpResponse.json({ items: SUGGESTIONS })));
  const requests = recordRequests();
  const onPick = vi.fn();
  renderWithRouter(<Box initial={initial} mode={mode} onPick={onPick} />);
  const box = screen.getByRole('combobox', { name: 'Location' });
  return { requests, onPick, box, user: userEvent.setup() };
}

/** The suggestion requests the server received, as path and query. */
const locationCalls = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((url) => url.pathname === '/api/locations')
    .map((url) => `${url.pathname}${url.search}`);

test('is a combobox with a list box of suggestions once typing pauses (WAI-ARIA combobox pattern)', async () => {
  const { box, user, requests } = setup();
  expect(box).toHaveAttribute('aria-autocomplete', 'list');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  const listbox = screen.getByRole('listbox', { hidden: true });
  expect(box).toHaveAttribute('aria-controls', listbox.id);

  await user.type(box, 'Bat');
  expect(await screen.findByRole('option', { name: /^Bath,/ })).toBeInTheDocument();
  expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getAllByRole('option')).toHaveLength(5);
  // Debounced: one request for the whole word, not one per letter.
  expect(locationCalls(requests)).toEqual(['/api/locations?q=bat']);
  expect(screen.getByText(/^5 suggestions:/)).toHaveAttribute('role', 'status');
});

test('each suggestion names its kind and how many homes it holds, in its accessible name too (REQ-PLACE-02)', async () => {
  const { box, user } = setup();
  await user.type(box, 'Bat');
  await screen.findByRole('option', { name: /^Bath,/ });
  const names = [
    'Bath, Town, 1,204 homes',
    'Bath and North East Somerset, Local authority, 1 home',
    'Magdalen Avenue, Bath, Street, 0 homes',
    'BA2, Postcode district, 35 homes',
    // A postcode is searched by radius: no count of its own.
    'BA2 4QB, Postcode',
  ];
  const options = screen.getAllByRole('option');
  expect(options).toHaveLength(names.length);
  names.forEach((name, i) => expect(screen.getByRole('option', { name })).toBe(options[i]));
  // The same words are seen: the name, its kind under it and the count beside it.
  const bath = screen.getByRole('option', { name: 'Bath, Town, 1,204 homes' });
  expect(within(bath).getByText('Bath')).toBeVisible();
  expect(within(bath).getByText('Town')).toBeVisible();
  expect(within(bath).getByText('1,204 homes')).toBeVisible();
  const postcode = screen.getByRole('option', { name: 'BA2 4QB, Postcode' });
  expect(postcode).toHaveTextContent(/^BA2 4QBPostcode$/);
});

test('the homes counted are of the mode searched: the request says which', async () => {
  const { box, user, requests } = setup('', 'rent');
  await user.type(box, 'Bath');
  await screen.findByRole('option', { name: /^Bath,/ });
  expect(locationCalls(requests)[0]).toBe('/api/locations?q=bath&mode=rent');
});

test('picking gives the place and its id; typing after the pick drops the id, not the text', async () => {
  const { box, user, onPick } = setup();
  await user.type(box, 'Bat');
  await user.click(await screen.findByRole('option', { name: /^Bath and North East Somerset,/ }));
  expect(box).toHaveValue('Bath and North East Somerset');
  expect(screen.getByTestId('place')).toHaveTextContent('authority:E06000022');
  expect(onPick).toHaveBeenCalledWith(SUGGESTIONS[1]);

  await user.type(box, '{Backspace}');
  expect(box).toHaveValue('Bath and North East Somerse');
  expect(screen.getByTestId('place')).toHaveTextContent('none');
});

test('ArrowDown and ArrowUp move the active option; Enter picks it', async () => {
  const { box, user, onPick } = setup();
  await user.type(box, 'ba');
  await screen.findByRole('option', { name: /^Bath,/ });

  await user.keyboard('{ArrowDown}');
  const first = screen.getByRole('option', { name: /^Bath,/ });
  expect(box).toHaveAttribute('aria-activedescendant', first.id);
  expect(first).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
  expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /^BA2 4QB/ }).id);
  await user.keyboard('{ArrowDown}');
  expect(box).toHaveAttribute('aria-activedescendant', first.id);
  await user.keyboard('{ArrowUp}');
  const last = screen.getByRole('option', { name: /^BA2 4QB/ });
  expect(box).toHaveAttribute('aria-activedescendant', last.id);

  await user.keyboard('{Enter}');
  expect(box).toHaveValue('BA2 4QB');
  expect(screen.getByTestId('place')).toHaveTextContent('postcode:BA2 4QB');
  expect(onPick).toHaveBeenCalledWith(SUGGESTIONS[4]);
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).not.toHaveAttribute('aria-activedescendant');
});

test('Escape closes the list and keeps the text; a click on an option picks it', async () => {
  const { box, user, onPick } = setup();
  await user.type(box, 'Bat');
  await screen.findByRole('option', { name: /^Bath,/ });
  await user.keyboard('{Escape}');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).toHaveValue('Bat');

  await user.keyboard('{ArrowDown}');
  expect(box).toHaveAttribute('aria-expanded', 'true');
  await user.click(screen.getByRole('option', { name: /^Bath,/ }));
  expect(box).toHaveValue('Bath');
  expect(screen.getByTestId('place')).toHaveTextContent('town:bath');
  expect(box).toHaveFocus();
  expect(onPick).toHaveBeenCalledWith(SUGGESTIONS[0]);
});

test('a location filled in from the URL asks for nothing until the person types', async () => {
  const { box, user, requests } = setup('Manchester');
  await new Promise((r) => setTimeout(r, 300));
  expect(locationCalls(requests)).toHaveLength(0);
  expect(box).toHaveAttribute('aria-expanded', 'false');

  await user.type(box, 'x');
  await waitFor(() => expect(locationCalls(requests)).toHaveLength(1));
  expect(locationCalls(requests)[0]).toBe('/api/locations?q=manchesterx');
});

test('one letter suggests nothing; Enter without a chosen option leaves the text to the form', async () => {
  const { box, user, requests } = setup();
  await user.type(box, 'B');
  await new Promise((r) => setTimeout(r, 300));
  expect(locationCalls(requests)).toHaveLength(0);
  await user.type(box, 'ath{Enter}');
  expect(screen.getByTestId('value')).toHaveTextContent('Bath');
  // Typed, not picked: the search names no place (the server decides what the text means).
  expect(screen.getByTestId('place')).toHaveTextContent('none');
  expect(box).toHaveAttribute('aria-expanded', 'false');
});
