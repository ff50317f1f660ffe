import type { FastifyInstance } from 'fastify';
import { mailOutboxContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { listOutbox } from './outbox.service.ts';

/** The built-in mail outbox (authorization service): read by internal RxB administrators. */
export async function mailOutboxRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  registerRoute(app, c.list, async ({ request, query }) =>
    listOutbox(db, principalOf(request), query),
  );
}
