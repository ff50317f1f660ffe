import { API_SERVICES, ENVIRONMENTS, PRODUCT_TITLE, type Environment } from '@pillar/domain';
import { type RuntimeConfig, type ServiceName } from '../../shared/config/runtime-config.ts';

/** The same-origin base paths, from the one service map the server mounts its routes under. */
const DEFAULT_SERVICES: Record<ServiceName, string> = API_SERVICES;

const DEFAULT_SESSION = { timeoutMs: 300_000, internalTimeoutMs: 3_600_000, warningMs: 120_000 };

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && value > 0 ? value : fallback;
}

/**
 * Reads /config.json once before the first render. Missing pieces fall back to the same-origin
 * defaults so a partial config (or an older server) still yields a working app.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  const raw = (await response.json()) as Partial<RuntimeConfig>;
  const environment: Environment = ENVIRONMENTS.includes(raw.environment as Environment)
    ? (raw.environment as Environment)
    : 'prod';
  return {
    environment,
    penTest: raw.penTest === true,
    productTitle: raw.productTitle || PRODUCT_TITLE,
    services: { ...DEFAULT_SERVICES, ...raw.services },
    oidc: {
      authority: raw.oidc?.authority ?? `${window.location.origin}/oidc`,
      clientId: raw.oidc?.clientId ?? 'pillar-web',
      scope: raw.oidc?.scope ?? 'openid profile email',
      extraQueryParams: raw.oidc?.extraQueryParams ?? {},
    },
    session: {
      timeoutMs: positive(raw.session?.timeoutMs, DEFAULT_SESSION.timeoutMs),
      internalTimeoutMs: positive(
        raw.session?.internalTimeoutMs,
        DEFAULT_SESSION.internalTimeoutMs,
      ),
      warningMs: positive(raw.session?.warningMs, DEFAULT_SESSION.warningMs),
    },
    links: { feedback: raw.links?.feedback ?? '', terms: raw.links?.terms ?? '/terms' },
  };
}
