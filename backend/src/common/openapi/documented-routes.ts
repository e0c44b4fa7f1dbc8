import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ModulesContainer } from '@nestjs/core';
import { type ApiRoute, fromExpressPath, type HttpMethod } from '@store-cloud/contracts';
import type { z } from 'zod';
import { IS_PUBLIC_KEY } from '../auth/public.decorator';
import { ZodValidationPipe } from '../pipes/zod-validation.pipe';
import { API_DOC_KEY, type ApiDocOptions, type ApiDocPerMethod } from './api-doc.decorator';

type Handler = (...args: unknown[]) => unknown;

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** The schema of a handler's ValidBody / ValidQuery pipe, if it has one. */
function pipeSchema(type: object, name: string, kind: RouteParamtypes): z.ZodType | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type.constructor, name) ?? {}) as Record<
    string,
    { pipes?: unknown[] }
  >;
  const entry = Object.entries(args).find(([key]) => key.startsWith(`${kind}:`))?.[1];
  const pipe = entry?.pipes?.find((p) => p instanceof ZodValidationPipe);
  return pipe ? (pipe as ZodValidationPipe<z.ZodType>).schema : undefined;
}

/**
 * Every route of every controller Nest registered, as the OpenAPI document tells it: each
 * handler's @Get/@Post/... and prefix, its validation pipes, @Public and its @ApiDoc. A
 * handler without @ApiDoc, or one that says a thing twice, stops the document from building.
 */
export function documentedRoutes(modules: ModulesContainer): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, type) ?? ''].flat() as string[];
      const classPublic = Reflect.getMetadata(IS_PUBLIC_KEY, type) as boolean | undefined;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (paths === undefined || verb === undefined) continue;
        const where = `${type.name}.${name}`;
        const doc = Reflect.getMetadata(API_DOC_KEY, handler as Handler) as
          ApiDocOptions | ApiDocPerMethod | undefined;
        if (!doc) throw new Error(`${where} has no @ApiDoc: the OpenAPI document needs one`);
        const perMethod: [HttpMethod, ApiDocOptions][] =
          'perMethod' in doc
            ? (Object.entries(doc.perMethod) as [HttpMethod, ApiDocOptions][])
            : [[RequestMethod[verb].toLowerCase() as HttpMethod, doc]];
        if ('perMethod' in doc !== (verb === RequestMethod.ALL)) {
          throw new Error(`${where}: perMethod documents an @All handler, and only that`);
        }
        const isPublic =
          (Reflect.getMetadata(IS_PUBLIC_KEY, handler as Handler) as boolean | undefined) ??
          classPublic ??
          false;
        const body = pipeSchema(type.prototype, name, RouteParamtypes.BODY);
        const query = pipeSchema(type.prototype, name, RouteParamtypes.QUERY);
        for (const [method, options] of perMethod) {
          if (options.body && body) throw new Error(`${where}: its body is in ValidBody already`);
          if (options.query && query)
            throw new Error(`${where}: its query is in ValidQuery already`);
          for (const prefix of prefixes) {
            for (const expressPath of [paths].flat()) {
              const path = fromExpressPath(joinPath(prefix, expressPath));
              if ((options.path ?? path) !== path || (options.method ?? method) !== method) {
                throw new Error(`${where} is ${method} ${path}, its @ApiDoc says otherwise`);
              }
              const errors = options.errors ?? [];
              routes.push({
                method,
                path,
                tag: options.tag,
                summary: options.summary,
                description: options.description,
                security: options.security ?? (isPublic ? [] : ['accessToken']),
                query: options.query ?? query,
                body: options.body ?? body,
                answers: options.answers,
                errors: options.storage === false ? errors : [...new Set([...errors, 503])],
              });
            }
          }
        }
      }
    }
  }
  return routes;
}
