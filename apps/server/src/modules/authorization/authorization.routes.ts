import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userClaims } from '@pillar/domain';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/access.ts';
import { claimsOf } from './authorization.service.ts';

/** Authorization service (/authorization/v1): who the caller is and what they may do. */
export async function authorizationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/claims',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "The signed-in user's claims (spec 2 §3)",
        tags: ['authorization'],
        response: { 200: userClaims },
      },
    },
    async (request) => claimsOf(principalOf(request), app.ctx.config),
  );

  r.post(
    '/session/activity',
    {
      config: { access: 'authenticated' },
      schema: {
        summary:
          'The user is active in the browser: keeps the session from its server-side idle timeout (decision 0065)',
        tags: ['authorization'],
        response: { 204: z.null().describe('Noted') },
      },
    },
    // The access check already recorded the session's use; nothing else to do.
    async (_request, reply) => reply.code(204).send(null),
  );
}
