import type { FastifyInstance, FastifyReply } from 'fastify';
import { dataNetContracts as c } from '@pillar/domain';
import { createDataNetDirectory } from '../../integrations/datanet/datanet-directory.ts';
import { principalOf } from '../../platform/auth/access.ts';
import { PROBLEM_CONTENT_TYPE } from '../../platform/http/problem.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { EmailInUse, importDataNetUser, previewDataNetUser } from './datanet-import.service.ts';
import type { UsersDeps } from './users.service.ts';

/** The 409 names the Pillar user who has the address, which a plain problem cannot carry. */
function sendEmailInUse(reply: FastifyReply, error: EmailInUse): FastifyReply {
  return reply
    .code(409)
    .type(PROBLEM_CONTENT_TYPE)
    .send({ ...error.toProblem(), status: 409 as const, detail: error.detail!, user: error.user });
}

/**
 * DataNet import (spec 2 §7, authorization service): preview a directory user, import them.
 * Registered by `usersRoutes` between its own routes, where these always stood in the document.
 */
export async function dataNetRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, mail } = app.ctx;
  const deps: UsersDeps = { db, config, mail };
  const dataNet = createDataNetDirectory(db);

  registerRoute(app, c.preview, async ({ query, reply }) => {
    try {
      return await previewDataNetUser(deps, dataNet, query.username);
    } catch (error) {
      if (!(error instanceof EmailInUse)) throw error;
      return sendEmailInUse(reply, error);
    }
  });

  registerRoute(app, c.import, async ({ request, query, reply }) => {
    try {
      return await importDataNetUser(
        deps,
        dataNet,
        principalOf(request),
        query.username,
        query.type,
      );
    } catch (error) {
      if (!(error instanceof EmailInUse)) throw error;
      return sendEmailInUse(reply, error);
    }
  });
}
