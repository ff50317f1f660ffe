import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is someone's data at one moment: member details, SSNs, coverages, searches,
 * users. None may sit in a browser's or a proxy's cache, so each answer under the API prefixes
 * goes out with `Cache-Control: no-store` unless its route chose its own (a download, the help
 * content). A rule for all routes rather than a list of the ones that carry health data, so a new
 * route cannot forget it. See docs/decisions/0061-ssn-reveals-and-private-answers.md.
 */
export function noStoreForApiAnswers(app: FastifyInstance, isApiPath: (path: string) => boolean) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && isApiPath(request.url.split('?', 1)[0] ?? '/')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
