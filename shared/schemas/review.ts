/** Review: 1 to 5 stars and optional text on a product or a user. */
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_TARGET_TYPES } from '../constants';
import { MAX, clientIdField, optionalText, paginationFields, timestampSchema, uuidSchema } from './common';

const reviewTargetTypeSchema = z.enum(REVIEW_TARGET_TYPES);
const ratingSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);

export const reviewSchema = z.object({
  id: uuidSchema,
  reviewer_id: uuidSchema,
  reviewer_name: z.string().nullable(),
  target_type: reviewTargetTypeSchema,
  target_id: uuidSchema,
  rating: ratingSchema,
  text: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Review = z.infer<typeof reviewSchema>;

/** POST /api/reviews (a second review of the same target replaces the first). */
export const reviewCreateSchema = z.strictObject({
  ...clientIdField,
  target_type: reviewTargetTypeSchema,
  target_id: uuidSchema,
  rating: ratingSchema,
  text: optionalText(MAX.text),
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>;

/** GET /api/reviews: the reviews of one product or user. */
export const reviewListQuerySchema = z.strictObject({
  target_type: reviewTargetTypeSchema,
  target_id: uuidSchema,
  ...paginationFields,
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;
