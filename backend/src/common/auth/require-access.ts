import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodValidationPipe } from '../pipes/zod-validation.pipe';
import { AccessError } from './access.errors';
import { requireCompanyAccess, requireStoreAccess, type StoreRef } from './access';
import type { AuthenticatedUser } from './authenticated-user';

export const REQUIRED_ACCESS_KEY = 'requiredAccess';

/** Where a route's company and store ids are: the part of the request the schema validates. */
export type AccessSource = 'query' | 'body' | 'params';

const many = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value as T];

/** What @RequireAccess stored: how to read the request's targets, and at which level. */
export interface AccessRule {
  from: AccessSource;
  schema: z.ZodType;
  /** The stores (store level) or companies (company level) the validated input names. */
  targets: (input: unknown) => { stores: readonly StoreRef[] } | { companies: readonly number[] };
}

/** Store level: the caller must be able to open each store; company level: each company in scope. */
export type AccessTo<T> =
  | { store: (input: T) => StoreRef | readonly StoreRef[] }
  | { company: (input: T) => number | readonly number[] | undefined };

/**
 * The one way a route (or controller) says it acts on a company's or store's data: the ids it
 * names, read from the request part `from` as the contract schema parses it, must lie within the
 * caller's access (SUPER-ADMIN and other all-access users: everything; a company-limited admin:
 * its companies; BASIC/SUPPORT: their enabled stores). AccessGuard, registered globally after
 * EntryGuard, refuses the rest with 403. An id left out (an optional filter) is not checked.
 *   @RequireAccess('query', siteQuerySchema, { store: (q) => ({ company: q.c, store: q.s }) })
 */
export function RequireAccess<S extends z.ZodType>(
  from: AccessSource,
  schema: S,
  to: AccessTo<z.output<S>>,
) {
  const rule: AccessRule = {
    from,
    schema,
    targets: (input) =>
      'store' in to
        ? { stores: many(to.store(input as z.output<S>)) }
        : { companies: many(to.company(input as z.output<S>)) },
  };
  return SetMetadata(REQUIRED_ACCESS_KEY, rule);
}

const REQUIRED_COMPANIES_KEY = 'requiredCompanies';

/** What @RequireAllCompanies and @RequireSomeCompany stored. */
interface RequiredCompanies {
  /** all: access to every company; some: to every company or at least one. */
  reach: 'all' | 'some';
  message: string;
}

/**
 * A route over every company's data at once (e.g. the whole message queue): only a caller with
 * access to all companies; AccessGuard refuses the rest with 403 and this message.
 */
export const RequireAllCompanies = (message: string) =>
  SetMetadata(REQUIRED_COMPANIES_KEY, { reach: 'all', message } satisfies RequiredCompanies);

/**
 * A route that hands the caller's companies on (a new user gets its creator's): only a caller
 * with access to all companies or to at least one; AccessGuard refuses the rest with 403 and
 * this message.
 */
export const RequireSomeCompany = (message: string) =>
  SetMetadata(REQUIRED_COMPANIES_KEY, { reach: 'some', message } satisfies RequiredCompanies);

const reaches = ({ access }: AuthenticatedUser, { reach }: RequiredCompanies) =>
  access.all || (reach === 'some' && access.companies.length > 0);

/**
 * Registered as APP_GUARD after EntryGuard: enforces @RequireAllCompanies, @RequireSomeCompany
 * and @RequireAccess. Guards run before pipes, so it parses the ids itself with the route's schema: malformed input is the same 400 the route's
 * ValidBody/ValidQuery/ValidParams pipe would answer, never a 500 or a check of garbage.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const declaredOn = [context.getHandler(), context.getClass()];
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(
      REQUIRED_ACCESS_KEY,
      declaredOn,
    );
    const companies = this.reflector.getAllAndOverride<RequiredCompanies | undefined>(
      REQUIRED_COMPANIES_KEY,
      declaredOn,
    );
    if (!rule && !companies) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    const user = request.user;
    if (!user) throw AccessError.unauthenticated();
    if (companies && !reaches(user, companies)) throw AccessError.forbidden(companies.message);
    if (!rule) return true;
    const input: unknown = new ZodValidationPipe(rule.schema).transform(request[rule.from], {
      type: rule.from === 'params' ? 'param' : rule.from,
    });
    const targets = rule.targets(input);
    if ('stores' in targets) requireStoreAccess(user, targets.stores);
    else requireCompanyAccess(user, targets.companies);
    return true;
  }
}
