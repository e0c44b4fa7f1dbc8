import { z } from 'zod';

/** Every error the platform returns: a stable code and a message fit for a person. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODE = {
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL',
} as const;
export type PlatformErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/**
 * The code of an error known only by its status (an unknown route, a body the parser refused,
 * throttling); a client error whose status is not here is a validation failure.
 */
export const ERROR_CODE_BY_STATUS: Readonly<Record<number, PlatformErrorCode>> = {
  400: ERROR_CODE.validation,
  401: ERROR_CODE.unauthenticated,
  403: ERROR_CODE.forbidden,
  404: ERROR_CODE.notFound,
  405: ERROR_CODE.methodNotAllowed,
  409: ERROR_CODE.conflict,
  429: ERROR_CODE.tooManyRequests,
  503: ERROR_CODE.unavailable,
};

/** GET /version of the cloud service. */
export const versionInfoSchema = z.object({
  version: z.string(),
  node: z.string(),
  express: z.string(),
  mongo: z.string(),
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;

/** GET /version of the media server and the simulator. */
export const serviceVersionSchema = z.object({ version: z.string() });
export type ServiceVersion = z.infer<typeof serviceVersionSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), z.enum(['up', 'down'])),
});
export type Health = z.infer<typeof healthSchema>;

/** POST /log and /error of the message-log service (spec §3, §7). */
export const logMessageSchema = z.object({
  data: z.object({
    systemId: z.string().min(1).max(100),
    messageDescription: z.string().max(10000),
    timestamp: z.string().max(100),
  }),
});
export const errorMessageSchema = z.object({
  data: z.object({
    systemId: z.string().min(1).max(100),
    errorDescription: z.string().max(10000),
    timestamp: z.string().max(100),
  }),
});
