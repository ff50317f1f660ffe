import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_SERVICES } from '@pillar/domain';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import { accessControl } from './platform/auth/access.ts';
import { createAccessTokenVerifier } from './platform/auth/access-token.ts';
import { registerOidcProvider } from './platform/auth/oidc-provider.ts';
import type { Database } from './platform/db/database.ts';
import type { DB } from './database.ts';
import { clientInputProblem, refuseNulCharacters } from './platform/http/client-input.ts';
import { HttpProblem, PROBLEM_CONTENT_TYPE } from './platform/http/problem.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import { logSerializers } from './platform/log-serializers.ts';
import type { MailService } from './platform/mail/mail-service.ts';
import type { Secrets } from './platform/secrets.ts';
import { authorizationRoutes } from './modules/authorization/index.ts';
import { noStoreForApiAnswers } from './platform/http/no-store.ts';
import { filesRoutes } from './modules/files/index.ts';
import { issuesRoutes } from './modules/issues/index.ts';
import {
  claimsSharesRoutes,
  evaluateRoutes,
  incumbentPartsRoutes,
} from './modules/evaluate/index.ts';
import { claimsFilesRoutes, sharedClaimsRoutes } from './modules/claims-files/index.ts';
import { pricingRoutes } from './modules/pricing/index.ts';
import {
  eligibilityImportApplyRoutes,
  eligibilityImportRoutes,
} from './modules/eligibility-imports/index.ts';
import { eligibilityExportRoutes } from './modules/eligibility-exports/index.ts';
import { rateCardsRoutes } from './modules/rate-cards/index.ts';
import {
  dependentRecordRoutes,
  memberRecordRoutes,
  membersRoutes,
} from './modules/members/index.ts';
import { coveragesRoutes } from './modules/coverages/index.ts';
import { claimsRoutes } from './modules/claims/index.ts';
import { drugReferenceRoutes } from './modules/drug-reference/index.ts';
import { clinicalRoutes } from './modules/clinical/index.ts';
import { importSchemasRoutes } from './modules/import-schemas/index.ts';
import {
  edi834Routes,
  sampleFilesRoutes,
  templateRoutes,
  transformationRoutes,
} from './modules/data-mapping/index.ts';
import { organizationWorkspaceRoutes } from './modules/organization-workspace/index.ts';
import { organizationsRoutes } from './modules/organizations/index.ts';
import { planInfoRoutes } from './modules/plan-info/index.ts';
import {
  featureFlagsRoutes,
  mailOutboxRoutes,
  memberPortalRoutes,
  profileRoutes,
  rolesRoutes,
  sessionSettingsRoutes,
  usersRoutes,
} from './modules/users/index.ts';
import { helpRoutes } from './modules/help/index.ts';
import { priorAuthRoutes } from './modules/prior-auth/index.ts';
import { memberPreferencesRoutes } from './modules/member-preferences/index.ts';
import { agentSearchRoutes } from './modules/agent-search/index.ts';
import { systemRoutes } from './modules/system/index.ts';

/** What every module may use; built once per process by main.ts or a test. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  secrets: Secrets;
  jobs: JobQueue;
  mail: MailService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The service prefixes of design.md §1; every route under them is an API route. */
export const API_PREFIXES: readonly string[] = [...Object.values(API_SERVICES), '/api', '/oidc'];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}

function sendProblem(reply: FastifyReply, problem: HttpProblem) {
  return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem.toProblem());
}

/** Field path of a zod issue as the client named it: `query.limit` → `limit`. */
function fieldName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.') || 'request';
}

export interface BuildOptions {
  /** Where log lines go; standard output by default. Tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
}

export async function buildApp(
  ctx: AppContext,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: logSerializers,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Before any plugin registers, so every route's answers get it.
  noStoreForApiAnswers(app, isApiPath);
  // Set before any plugin registers: child contexts copy the handlers they find.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const params: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        params[name] ??= issue.message ?? 'is not valid';
      }
      const detail = Object.entries(params)
        .map(([name, message]) => `${name}: ${message}`)
        .join('; ');
      return sendProblem(reply, new HttpProblem(400, 'Bad Request', detail, params));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendProblem(
        reply,
        new HttpProblem(500, 'Internal Server Error', 'A server error occurred.'),
      );
    }
    // The safety net behind the schemas: a database error the request's values caused is a 400.
    const clientInput = clientInputProblem(error);
    if (clientInput) {
      // Still worth a look: some schema let the value through.
      request.log.warn({ err: error }, 'client input refused by the database');
      return sendProblem(reply, clientInput);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, new HttpProblem(status, 'Bad Request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(
      reply,
      new HttpProblem(500, 'Internal Server Error', 'A server error occurred.'),
    );
  });

  app.addHook('preValidation', refuseNulCharacters);

  const indexHtml = path.join(config.webDist, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !isApiPath(url) && !/\.[a-z0-9]+$/i.test(url);
    if (wantsPage && fs.existsSync(indexHtml)) {
      // The single-page app owns every other path, its own not-found page included.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(indexHtml));
    }
    return sendProblem(
      reply,
      new HttpProblem(404, 'Not Found', `${request.method} ${url} does not exist`),
    );
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The PBC viewer shows the PDF the API answered in a frame, on an object URL.
        frameSrc: ["'self'", 'blob:'],
        connectSrc: [
          "'self'",
          ...(config.oidc.builtIn ? [] : [new URL(config.oidc.issuer).origin]),
        ],
        formAction: [
          "'self'",
          ...(config.oidc.builtIn ? [] : [new URL(config.oidc.issuer).origin]),
        ],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pillar API',
        version: '1.0.0',
        description: 'The services of the Pillar portal. Every call needs a bearer token.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(accessControl, {
    db: ctx.db,
    verifier: await createAccessTokenVerifier(config, ctx.secrets),
  });

  // Third-party plugin routes (documentation, static files) are public by nature.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? 'public' };
    });
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
      await scope.register(fastifyStatic, {
        root: config.webDist,
        wildcard: false,
        index: false,
        // Hashed assets never change; index.html must always be fresh.
        setHeaders: (reply, file) => {
          if (file.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    }
  });

  if (config.oidc.builtIn) await registerOidcProvider(app, ctx);

  await app.register(systemRoutes);
  await app.register(authorizationRoutes);
  await app.register(organizationsRoutes);
  await app.register(organizationWorkspaceRoutes);
  await app.register(membersRoutes);
  await app.register(memberRecordRoutes);
  await app.register(dependentRecordRoutes);
  await app.register(coveragesRoutes);
  await app.register(usersRoutes);
  await app.register(profileRoutes);
  await app.register(rolesRoutes);
  await app.register(featureFlagsRoutes);
  await app.register(memberPortalRoutes);
  await app.register(mailOutboxRoutes);
  await app.register(sessionSettingsRoutes);
  await app.register(filesRoutes);
  await app.register(helpRoutes);
  await app.register(priorAuthRoutes);
  await app.register(memberPreferencesRoutes);
  await app.register(planInfoRoutes);
  await app.register(claimsRoutes);
  await app.register(drugReferenceRoutes);
  await app.register(clinicalRoutes);
  await app.register(importSchemasRoutes);
  await app.register(sampleFilesRoutes);
  await app.register(transformationRoutes);
  await app.register(templateRoutes);
  await app.register(edi834Routes);
  await app.register(agentSearchRoutes);
  await app.register(issuesRoutes);
  await app.register(evaluateRoutes);
  await app.register(incumbentPartsRoutes);
  await app.register(claimsFilesRoutes);
  await app.register(claimsSharesRoutes);
  await app.register(sharedClaimsRoutes);
  await app.register(pricingRoutes);
  await app.register(eligibilityImportRoutes);
  await app.register(eligibilityImportApplyRoutes);
  await app.register(eligibilityExportRoutes);
  await app.register(rateCardsRoutes);

  return app;
}
