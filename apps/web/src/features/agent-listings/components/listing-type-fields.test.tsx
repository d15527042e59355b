/**
 * The listing form's Style select (ADR 030): its choices follow the property type, another type clears a style
 * that does not fit, blank means not given, and a stored style comes back into the form and is sent on saving.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { ListingFormValues, ListingInput } from '@abode/shared/agent/listing-input.schema';
import { EMPTY_LISTING, ListingForm } from '#src/features/agent-listings/components/listing-form.tsx';
import { agentMe } from '#src/testing/fixtures/me.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

/** A draft that passes the schema as it is: what the edit page would load. */
const DRAFT: ListingFormValues = {
  ...EMPTY_LISTING,
  title: '3 bedroom house for sale',
  description: 'A Victorian terrace a short walk from Wimbledon station.',
  pricePence: 650_000_00,
  addressLine1: 'Cowper Road',
  city: 'London',
  postcode: 'SW19 1AA',
};

function renderForm(defaultValues: ListingFormValues = DRAFT) {
  // The postcode is only looked up on blur: nothing here reaches the network (the server answers nothing, so a
  // request would fail the test).
  const onSubmit = vi.fn<(input: ListingInput) => Promise<void>>(async () => {});
  renderWithRouter(
    <ListingForm defaultValues={defaultValues} submitLabel="Save changes" onSubmit={onSubmit} />,
    {
      me: agentMe(),
    },
  );
  return { onSubmit, user: userEvent.setup() };
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

test("the styles follow the type: a house's, then a flat's; blank reads 'Not specified'", async () => {
  const { user } = renderForm();
  const style = screen.getByLabelText('Style');
  expect(style).toHaveValue('');
  expect(optionsOf(style)).toEqual([
    'Not specified',
    'Terraced',
    'End of terrace',
    'Semi-detached',
    'Detached',
    'Link detached',
    'Mews',
    'Cluster house',
    'Town house',
    'Cottage',
    'Barn conversion',
    'Farmhouse',
    'Coach house',
  ]);
  await user.selectOptions(screen.getByLabelText('Property type'), 'flat');
  expect(optionsOf(screen.getByLabelText('Style'))).toEqual([
    'Not specified',
    'Flat',
    'Ground floor flat',
    'Apartment',
    'Studio',
    'Penthouse',
    'Duplex',
    'Serviced apartment',
  ]);
});

test('choosing another type clears a style that does not fit it, and the blank style is sent as none', async () => {
  const { user, onSubmit } = renderForm();
  await user.selectOptions(screen.getByLabelText('Style'), 'semi-detached');
  expect(screen.getByLabelText('Style')).toHaveValue('semi-detached');
  await user.selectOptions(screen.getByLabelText('Property type'), 'bungalow');
  expect(screen.getByLabelText('Style')).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onSubmit.mock.calls[0]![0]).toMatchObject({ propertyType: 'bungalow', propertySubType: null });
});

test('a style of the chosen type is sent with the listing', async () => {
  const { user, onSubmit } = renderForm();
  await user.selectOptions(screen.getByLabelText('Property type'), 'flat');
  await user.selectOptions(screen.getByLabelText('Style'), 'ground-flat');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(onSubmit.mock.calls[0]![0]).toMatchObject({ propertyType: 'flat', propertySubType: 'ground-flat' });
});

test("a stored style comes back into the form, and the type's change keeps a style that still fits", async () => {
  const { user } = renderForm({ ...DRAFT, propertyType: 'house', propertySubType: 'detached' });
  expect(screen.getByLabelText('Style')).toHaveValue('detached');
  expect(screen.getByLabelText('Style')).toHaveDisplayValue('Detached');
  // Re-choosing the same type (a keyboard user scrolling the list) leaves the style alone.
  await user.selectOptions(screen.getByLabelText('Property type'), 'house');
  expect(screen.getByLabelText('Style')).toHaveValue('detached');
});
