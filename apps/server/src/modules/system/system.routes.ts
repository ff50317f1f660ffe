import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runtimeConfig } from '@pillar/domain';
import { API_SERVICES } from './service-map.ts';

/** The browser's runtime configuration and the health check; both public. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/config.json',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: runtimeConfig } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        environment: config.environment,
        penTest: config.penTest,
        productTitle: 'Pillar',
        // Same origin by default; a service can move to its own host without a rebuild.
        services: { ...API_SERVICES },
        oidc: {
          authority: config.oidc.issuer,
          clientId: config.oidc.clientId,
          scope: config.oidc.scope,
          extraQueryParams: config.oidc.extraQueryParams,
        },
        session: config.session,
        links: config.links,
      };
    },
  );

  r.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => {
      await app.ctx.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      return { status: 'ok' as const, database: app.ctx.database.kind };
    },
  );
}
