import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { satisfiesRule, type AccessRule } from '@pillar/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { forbidden, unauthorized } from '../http/problem.ts';
import { TokenError, type AccessTokenVerifier } from './access-token.ts';
import { loadPrincipal, loadPrincipalUsingSession, type Principal } from './principal.ts';
import {
  TOUCH_INTERVAL_SECONDS,
  idleLimitSeconds,
  settleSessionUse,
  type SessionTimeouts,
} from './sessions.ts';

/** The documented defaults (spec 1 §9), for an app built without the AppContext (tests). */
const DEFAULT_TIMEOUTS: SessionTimeouts = {
  timeoutMs: 300_000,
  internalTimeoutMs: 3_600_000,
  warningMs: 120_000,
};

/** What a route needs; defined with the route contracts in the domain package. */
export type { AccessRule };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: AccessRule | undefined;
}

export function describeRule(rule: AccessRule | undefined): string {
  if (!rule) return 'none';
  if (typeof rule === 'string') return rule;
  const list =
    'allOf' in rule ? `all of ${rule.allOf.join(', ')}` : `any of ${rule.anyOf.join(', ')}`;
  return list;
}

/** The principal of an authenticated route; its absence is a programming error. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

async function accessPlugin(
  app: FastifyInstance,
  options: { db: Kysely<DB>; verifier: AccessTokenVerifier },
): Promise<void> {
  // The app's configured timeouts, the same the web app gets in its claims.
  const timeouts = app.hasDecorator('ctx') ? app.ctx.config.session : DEFAULT_TIMEOUTS;
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin to every GET, with the GET's options: listed once, as the GET.
      if (method === 'HEAD') continue;
      // Read the rule when asked: hooks of inner plugin scopes may still set it after this one.
      app.routeTable.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    // Unmatched URLs reach the not-found handler, which decides for itself.
    if (request.is404) return;
    if (rule === 'public') return;
    if (rule === undefined) throw forbidden('This route declares no access rule.');

    const token = bearerToken(request);
    if (!token) throw unauthorized();
    let principal: Principal | undefined;
    let sessionEnded = false;
    try {
      const subject = await options.verifier.verify(token);
      const by =
        subject.kind === 'userNo'
          ? { userNo: subject.userNo }
          : subject.email
            ? { username: subject.email }
            : undefined;
      const sessionId = subject.sessionId;
      if (by && sessionId) {
        // One statement: the principal and the use of its session (then, rarely, the session's
        // first row or its end).
        const found = await loadPrincipalUsingSession(options.db, by, {
          sessionId,
          touchSeconds: TOUCH_INTERVAL_SECONDS,
          idleSeconds: {
            internal: idleLimitSeconds(timeouts, 'i'),
            external: idleLimitSeconds(timeouts, 'b'),
          },
        });
        if (found) {
          principal = found.principal;
          const state = await settleSessionUse(
            options.db,
            sessionId,
            principal.userNo,
            found.session,
          );
          if (state !== 'live') sessionEnded = true;
        }
      } else if (by) {
        principal = await loadPrincipal(options.db, by);
      }
    } catch (error) {
      if (error instanceof TokenError)
        throw unauthorized('Your session is not valid. Sign in again.');
      throw error;
    }
    if (!principal) throw unauthorized('Your account is not active in Pillar.');
    if (sessionEnded) throw unauthorized('Your session has ended. Sign in again.');
    request.principal = principal;

    if (rule === 'authenticated') return;
    if (rule.userTypes && !rule.userTypes.includes(principal.userType)) throw forbidden();
    if (rule.rxbAdmin && !principal.rxbAdmin) throw forbidden();
    if (!satisfiesRule(principal.permissions, rule)) throw forbidden();
  });
}

export const accessControl = fp(accessPlugin, { name: 'access-control' });
