import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf, type AccessRule } from '../auth/access.ts';
import type { Principal } from '../auth/principal.ts';

/** A route on one record named by its path, answering 200 with `response`. */
export interface RecordRoute<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  url: string;
  access: AccessRule;
  summary: string;
  description?: string;
  tags: string[];
  params: P;
  body?: B;
  response: R;
}

/**
 * Registers a record route: its access rule and OpenAPI schema as given, the handler called with
 * the principal and the parsed params and body. The member and dependent records use it for the
 * routes that differ only in path, rule, texts, body and the service function.
 */
export function recordRoute<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  route: RecordRoute<P, B, R>,
  handle: (principal: Principal, params: z.output<P>, body: z.output<B>) => Promise<z.input<R>>,
): void {
  // Widened: `handle` is already typed against them; the provider cannot resolve generics.
  const params: z.ZodType = route.params;
  const response: z.ZodType = route.response;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.url,
    config: { access: route.access },
    schema: {
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      tags: route.tags,
      params,
      ...(route.body === undefined ? {} : { body: route.body }),
      response: { 200: response },
    },
    handler: async (request) =>
      handle(principalOf(request), request.params as z.output<P>, request.body as z.output<B>),
  });
}
