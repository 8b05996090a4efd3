import { z } from 'zod';
import { errorEnvelopeSchema } from '../shared/errors.js';

/** Routes without query parameters still validate them: an unknown parameter is an error. */
export const noQuery = z.object({}).strict();

/** The error envelope for route response schemas (documented in OpenAPI). */
export const errorResponse = errorEnvelopeSchema;
