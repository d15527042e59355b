import { expect, test } from 'vitest';
import { contactingAgentMessage, propertiesFoundHeading } from './messages.ts';

test("'N Properties Found': exact, grouped, singular for one", () => {
  expect(propertiesFoundHeading(0)).toBe('0 Properties Found');
  expect(propertiesFoundHeading(1)).toBe('1 Property Found');
  expect(propertiesFoundHeading(1234)).toBe('1,234 Properties Found');
  expect(propertiesFoundHeading(1_234_567)).toBe('1,234,567 Properties Found');
});

test("'Contacting {agent} about {title}'", () => {
  expect(contactingAgentMessage('Harbour & Vale', '3 bedroom house for sale')).toBe(
    'Contacting Harbour & Vale about 3 bedroom house for sale',
  );
});
