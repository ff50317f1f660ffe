import { createContext, useContext } from 'react';
import { type Environment, type ServiceName } from '@pillar/domain';

/** The services the browser talks to; the keys are the domain's one service-base map. */
export type { ServiceName };

/** What GET /config.json answers: everything that differs between deployments. */
export interface RuntimeConfig {
  environment: Environment;
  penTest: boolean;
  productTitle: string;
  services: Record<ServiceName, string>;
  oidc: {
    authority: string;
    clientId: string;
    scope: string;
    extraQueryParams: Record<string, string>;
  };
  session: { timeoutMs: number; internalTimeoutMs: number; warningMs: number };
  links: { feedback: string; terms: string };
}

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside RuntimeConfigContext');
  return config;
}
