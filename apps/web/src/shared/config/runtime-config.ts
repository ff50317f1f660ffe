import { createContext, useContext } from 'react';
import { type RuntimeConfig, type ServiceName } from '@pillar/domain';

/** The services the browser talks to; the keys are the domain's one service-base map. */
export type { ServiceName };

/** What GET /config.json answers: the domain's schema, which the server serializes with. */
export type { RuntimeConfig };

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside RuntimeConfigContext');
  return config;
}
