import type { PersonaKey } from './personas.ts';
import { SeededRandom } from './random.ts';

/** What every area's demo seed gets: the organizations and personas already created. */
export interface SeedContext {
  /** The date the data is built around (fixed, so runs are identical). */
  today: string;
  /** The seeded organizations in creation order; personas refer to them by position. */
  organizations: readonly {
    organization_no: number;
    name: string;
    process_status: number;
    effective_date: string;
    expiration_date: string | null;
  }[];
  userNos: ReadonlyMap<PersonaKey, number>;
  /** Scale knobs for benchmarks; areas read the ones they understand. */
  scale: { organizations: number; employees?: number };
  /** A generator of its own for each area, so one area's data does not shift another's. */
  randomFor(area: string): SeededRandom;
  /** The SSN key of the server that will read the data (secrets.ts): seeded SSNs are encrypted. */
  ssnKey: Buffer;
}

export function createRandomFor(seed: number): (area: string) => SeededRandom {
  return (area) => {
    let hash = seed >>> 0;
    for (const char of area) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
    return new SeededRandom(hash);
  };
}
