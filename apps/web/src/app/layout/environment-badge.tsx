import { environmentSuffix } from '@pillar/domain';
import { useRuntimeConfig } from '../../shared/config/runtime-config.ts';

/** Marks demo, stage and qa so nobody mistakes them for production (spec 2 §2). */
export function EnvironmentBadge() {
  const { environment } = useRuntimeConfig();
  const label = environmentSuffix(environment);
  if (!label) return null;
  return (
    <div className={`environment-badge environment-badge--${environment}`}>
      <span className="sr-only">Environment: </span>
      {label}
    </div>
  );
}
