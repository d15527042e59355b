import { expect, test } from 'vitest';
import * as schema from './listing.schema.ts';
import * as vocabulary from './listing-vocabulary.ts';

test('the zod-free vocabulary matches the listing schema', () => {
  expect(vocabulary.PROPERTY_TYPES).toEqual(schema.PropertyTypeSchema.options);
  expect(vocabulary.FEATURES).toEqual(schema.FeatureSchema.options);
  expect(vocabulary.PROPERTY_TYPE_LABELS).toEqual(schema.PROPERTY_TYPE_LABELS);
  expect(vocabulary.FEATURE_LABELS).toEqual(schema.FEATURE_LABELS);
});
