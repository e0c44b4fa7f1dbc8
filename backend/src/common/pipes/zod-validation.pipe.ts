import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { type ErrorIssue, issuesMessage, ValidationFailedError } from '@store-cloud/node-kit';

const ROOT_MESSAGE = {
  body: 'The request body must be a JSON object',
  query: 'The query parameters are missing or malformed',
} as const;

/**
 * Validates a body or query with the contract's zod schema (the same one the portal's forms
 * use) and hands the parsed value on. A failure is a 400 whose message names each field.
 * Controllers use it through ValidBody / ValidQuery / ValidParams (valid-params.ts).
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown, metadata: ArgumentMetadata): z.output<S> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const where = metadata.type === 'query' ? 'query' : 'body';
    const issues: ErrorIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.length ? issue.path.join('.') : where,
      // A missing or non-object body: zod's wording ("expected object") means little to a client.
      message:
        !issue.path.length && issue.code === 'invalid_type' ? ROOT_MESSAGE[where] : issue.message,
    }));
    throw new ValidationFailedError(issuesMessage(issues), issues);
  }
}
