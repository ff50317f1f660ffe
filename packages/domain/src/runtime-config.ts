import { z } from 'zod';
import { ENVIRONMENTS } from './codes.ts';
import { API_SERVICES, type ServiceName } from './contracts/services.ts';

const SERVICE_NAMES = Object.keys(API_SERVICES) as [ServiceName, ...ServiceName[]];

/**
 * What GET /config.json answers: everything that differs between deployments. The server's route
 * serializes with it and the web reads its type, so the two cannot drift. Not a route contract:
 * the web reads it before the API client exists, since it is what names each service's base
 * (decision 0093).
 */
export const runtimeConfig = z.object({
  environment: z.enum(ENVIRONMENTS),
  penTest: z.boolean(),
  productTitle: z.string(),
  services: z.record(z.enum(SERVICE_NAMES), z.string()),
  oidc: z.object({
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
    extraQueryParams: z.record(z.string(), z.string()),
  }),
  session: z.object({
    timeoutMs: z.number(),
    internalTimeoutMs: z.number(),
    warningMs: z.number(),
  }),
  links: z.object({ feedback: z.string(), terms: z.string() }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
