/**
 * Material information Parts B and C as entered (National Trading Standards' guidance), and whether a tenure
 * comes with a lease.
 */
import { z } from 'zod';
import type { Tenure } from '../../listings/listing.schema.ts';
import {
  MATERIAL_ANSWER_STATUSES,
  MATERIAL_ITEM_KEYS,
  MATERIAL_ITEMS,
  MATERIAL_NOTE_MAX_LENGTH,
  type MaterialInformation,
  type MaterialItemKey,
} from '../../listings/material-information.ts';
import { LISTING_MESSAGES } from './messages.ts';
import { blankToUndefined, text } from './field-types.ts';

/**
 * Part B and C answers by item key (material-information.ts). An answered item must pick one of its options; an
 * item marked 'ask agent' or not applicable keeps no value. Items not given are left out.
 */
export const MaterialInformationInputSchema = z
  .partialRecord(
    z.enum(MATERIAL_ITEM_KEYS as [MaterialItemKey, ...MaterialItemKey[]]),
    z.object({
      status: z.enum(MATERIAL_ANSWER_STATUSES, { error: LISTING_MESSAGES.choose }),
      value: z.preprocess(blankToUndefined, z.string().max(40).nullable().default(null)),
      note: z.preprocess(
        (v) => v ?? '',
        text(undefined, MATERIAL_NOTE_MAX_LENGTH, LISTING_MESSAGES.materialNoteTooLong),
      ),
    }),
  )
  .superRefine((answers, ctx) => {
    for (const key of MATERIAL_ITEM_KEYS) {
      const answer = answers[key];
      if (answer?.status !== 'answered') continue;
      const options: Readonly<Record<string, string>> = MATERIAL_ITEMS[key].options;
      if (!answer.value || !Object.hasOwn(options, answer.value))
        ctx.addIssue({
          code: 'custom',
          path: [key, 'value'],
          message: LISTING_MESSAGES.materialAnswerRequired,
        });
    }
  })
  .transform((answers): MaterialInformation => {
    const kept: MaterialInformation = {};
    for (const key of MATERIAL_ITEM_KEYS) {
      const answer = answers[key];
      if (!answer) continue;
      kept[key] = {
        status: answer.status,
        value: answer.status === 'answered' ? answer.value : null,
        note: answer.note || null,
      };
    }
    return kept;
  });

/** Whether a tenure comes with a lease whose terms Part A asks for. */
export const hasLease = (tenure: Tenure | null | undefined) =>
  tenure === 'leasehold' || tenure === 'share_of_freehold';
