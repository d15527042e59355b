import { expect, test } from 'vitest';
import { contactingAgentMessage, propertiesFoundHeading } from './messages.ts';

test("'N Properties Found', singular for one and 'N+' when capped", () => {
  expect(propertiesFoundHeading(0)).toBe('0 Properties Found');
  expect(propertiesFoundHeading(1)).toBe('1 Property Found');
  expect(propertiesFoundHeading(1234)).toBe('1,234 Properties Found');
  expect(propertiesFoundHeading(10_000, true)).toBe('10,000+ Properties Found');
});

test("'Contacting {agent} about {title}'", () => {
  expect(contactingAgentMessage('Harbour & Vale', '3 bedroom house for sale')).toBe(
    'Contacting Harbour & Vale about 3 bedroom house for sale',
  );
});
