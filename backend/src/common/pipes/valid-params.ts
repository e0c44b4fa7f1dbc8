import { Body, Param, Query } from '@nestjs/common';
import type { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe';

/**
 * The one way a controller reads its input: the body, query or path parameters parsed by the
 * contract's zod schema (ZodValidationPipe: a 400 naming each bad field). The route fuzz test
 * (test/route-fuzz.ts) finds each route's schema on this pipe.
 *   @ValidBody(loginRequestSchema) body: LoginRequest
 */
export const ValidBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));
export const ValidQuery = (schema: z.ZodType) => Query(new ZodValidationPipe(schema));
export const ValidParams = (schema: z.ZodType) => Param(new ZodValidationPipe(schema));
