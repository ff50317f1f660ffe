import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_SERVICES, type ContractOutput, type RouteContract } from '@pillar/domain';

/** What a contract's handler gets: the parts the contract declares, parsed. */
export interface ContractRequest<C extends RouteContract> {
  params: ContractOutput<C['params']>;
  query: ContractOutput<C['query']>;
  body: ContractOutput<C['body']>;
  /** The Fastify request, for the principal and anything else a handler reads. */
  request: FastifyRequest;
  /**
   * The reply, for a file answer (`answerKind: 'file'`): the handler sets its headers and returns
   * `reply.send(bytes)`; likewise for one of the contract's `otherAnswers`, with its status. A JSON
   * answer is returned, not sent.
   */
  reply: FastifyReply;
}

/**
 * Registers a route from its contract: url = the service's base + the contract's path, the
 * contract's schemas (so validation and the OpenAPI entry come from it), its access rule and
 * tags. The handler's input and answer are typed by the contract. Register the module's plugin
 * without a prefix: the contract's service already names it.
 */
export function registerRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  /** Returns the answer, or the reply once it sent one itself (a file, one of `otherAnswers`). */
  handler: (input: ContractRequest<C>) => Promise<z.input<C['answer']> | FastifyReply>,
): void {
  // Widened: the handler is typed against the contract; the provider cannot resolve generics.
  const params: z.ZodType | undefined = contract.params;
  const querystring: z.ZodType | undefined = contract.query;
  const body: z.ZodType | undefined = contract.body;
  const answer: z.ZodType = contract.answer;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: `${API_SERVICES[contract.service]}${contract.path}`,
    config: { access: contract.access },
    // A HEAD of a file would run the handler (and its audit) for bytes nobody receives.
    ...(contract.answerKind === 'file' ? { exposeHeadRoute: false } : {}),
    schema: {
      summary: contract.summary,
      ...(contract.description === undefined ? {} : { description: contract.description }),
      tags: [...contract.tags],
      ...(contract.security === undefined ? {} : { security: [] }),
      ...(querystring === undefined ? {} : { querystring }),
      ...(params === undefined ? {} : { params }),
      ...(body === undefined ? {} : { body }),
      // The handler streams the parts itself; the document names the media type it accepts.
      ...(contract.bodyKind === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      response: { [contract.status]: answer, ...contract.otherAnswers },
    },
    handler: async (request, reply) => {
      // Set first: a handler that sends an answer itself (one of `otherAnswers`) sets its own.
      if (contract.status !== 200) reply.code(contract.status);
      const answer = await handler({
        params: request.params as ContractOutput<C['params']>,
        query: request.query as ContractOutput<C['query']>,
        body: request.body as ContractOutput<C['body']>,
        request,
        reply,
      });
      return answer;
    },
  });
}
