import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HELP_CONTENT_PATH, HELP_FILE_EXTENSIONS, helpManifest } from '@pillar/domain';
import { HttpProblem, PROBLEM_CONTENT_TYPE } from '../../platform/http/problem.ts';

const PUBLISHED = new Set<string>(HELP_FILE_EXTENSIONS);

/** Only the kinds of file a manifest may name; sources, notes and hidden files stay private. */
function isPublished(pathName: string): boolean {
  const segments = pathName.split('/').filter(Boolean);
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  const extension = path.extname(pathName).slice(1);
  return PUBLISHED.has(extension);
}

/**
 * The help centre's content (spec 1 §1, §2 "Help page"): manifest.json and the guides, videos
 * and posters it names, read from HELP_DIR on every request so the folder can be replaced
 * without a rebuild or restart. Public on purpose: the browser loads PDFs and videos by plain
 * URL, and the files describe the product, not anyone's data (docs/decisions/0050).
 */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  const { helpDir } = app.ctx.config;

  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      // A missing help file is an ordinary 404, not the single-page app's index.html.
      scope.setNotFoundHandler((request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        return reply
          .status(404)
          .type(PROBLEM_CONTENT_TYPE)
          .send(new HttpProblem(404, 'Not Found', `${url} does not exist`).toProblem());
      });

      scope.withTypeProvider<ZodTypeProvider>().get(
        '/manifest.json',
        {
          schema: {
            summary: 'The help centre: its PDF guides and tutorial videos',
            tags: ['help'],
            security: [],
            response: { 200: helpManifest },
          },
        },
        async (request, reply) => {
          let text: string;
          try {
            text = await fs.readFile(path.join(helpDir, 'manifest.json'), 'utf8');
          } catch {
            throw new HttpProblem(404, 'Not Found', 'The help content has not been published.');
          }
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch (error) {
            request.log.error({ err: error }, 'help manifest.json is not JSON');
            throw new HttpProblem(500, 'Internal Server Error', 'A server error occurred.');
          }
          const parsed = helpManifest.safeParse(json);
          if (!parsed.success) {
            request.log.error({ issues: parsed.error.issues }, 'help manifest.json is not valid');
            throw new HttpProblem(500, 'Internal Server Error', 'A server error occurred.');
          }
          reply.header('cache-control', 'no-cache');
          return parsed.data;
        },
      );

      await scope.register(fastifyStatic, {
        root: helpDir,
        wildcard: true,
        index: false,
        decorateReply: false,
        allowedPath: (pathName) => isPublished(pathName),
        // Revalidated on every use (ETag, Last-Modified), so replaced content shows at once.
        cacheControl: false,
        setHeaders: (reply) => {
          reply.header('cache-control', 'no-cache');
        },
      });
    },
    { prefix: HELP_CONTENT_PATH },
  );
}
