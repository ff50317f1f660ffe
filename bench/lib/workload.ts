/**
 * The request mix: deterministic (a fixed seed), drawn from the seeded names, so every run sends
 * the same requests in the same order and two runs compare like with like.
 */

const ORGANIZATIONS_PATH = '/portal/v1/organizations';
const SORT_FIELDS = ['name', 'type', 'effectiveDate', 'processStatus'] as const;

/** Kinds of search request and their share of the mix. */
export const SEARCH_MIX = {
  nameSearch: 0.3,
  statusFilter: 0.12,
  dateFilter: 0.12,
  sortOnly: 0.18,
  laterPage: 0.18,
  combined: 0.1,
} as const;
type SearchKind = keyof typeof SEARCH_MIX;

/** mulberry32: small, fast, good enough to pick requests. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof createRandom>;

function isoDate(random: Random, fromYear: number, toYear: number): string {
  const year = random.int(fromYear, toYear);
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/**
 * What users type in the name box: a whole word ("Teamsters"), the start of one ("lake"), two
 * neighbouring words ("Cedar Valley") or a full name.
 */
function nameTerms(names: readonly string[], random: Random, count: number): string[] {
  const terms: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = random.pick(names);
    const words = name.split(/\s+/).filter((w) => /^[A-Za-z]{3,}$/.test(w));
    const roll = random.next();
    if (roll < 0.1 || words.length === 0) terms.push(name);
    else if (roll < 0.45) terms.push(random.pick(words));
    else if (roll < 0.8) {
      const word = random.pick(words);
      terms.push(word.slice(0, random.int(3, Math.min(5, word.length))).toLowerCase());
    } else {
      const start = random.int(0, Math.max(0, words.length - 2));
      terms.push(words.slice(start, start + 2).join(' '));
    }
  }
  return terms;
}

/** The kind of `mix` a roll in [0, 1) lands on, by the shares in order; `fallback` past the last. */
export function pickFromMix<K extends string>(
  mix: Readonly<Record<K, number>>,
  roll: number,
  fallback: K,
): K {
  let rest = roll;
  for (const [kind, share] of Object.entries(mix) as [K, number][]) {
    if (rest < share) return kind;
    rest -= share;
  }
  return fallback;
}

function pickKind(random: Random): SearchKind {
  return pickFromMix(SEARCH_MIX, random.next(), 'nameSearch');
}

export interface SearchMixOptions {
  /** Names the search terms come from. */
  names: readonly string[];
  /** How many organizations the persona sees: later pages stay within them. */
  visible: number;
  count?: number;
  seed?: number;
}

/** GET /portal/v1/organizations with the spread of filters, sorts and pages the portal sends. */
export function searchRequests(options: SearchMixOptions): string[] {
  const random = createRandom(options.seed ?? 2026);
  const terms = nameTerms(options.names, random, 400);
  const paths: string[] = [];
  for (let i = 0; i < (options.count ?? 2000); i++) {
    const kind = pickKind(random);
    const limit = random.pick([20, 20, 20, 20, 20, 20, 20, 50, 50, 100]);
    const params = new URLSearchParams();
    const sort = () => `${random.pick(SORT_FIELDS)}:${random.pick(['asc', 'desc'])}`;
    switch (kind) {
      case 'nameSearch':
        params.set('name', random.pick(terms));
        if (random.next() < 0.3) params.set('sort', sort());
        break;
      case 'statusFilter':
        params.set('processStatus', String(random.pick([1, 1, 2, 9])));
        if (random.next() < 0.5) params.set('sort', sort());
        break;
      case 'dateFilter':
        if (random.next() < 0.6) params.set('effectiveDate', isoDate(random, 2012, 2024));
        if (!params.size || random.next() < 0.4)
          params.set('expirationDate', isoDate(random, 2023, 2027));
        if (random.next() < 0.5) params.set('sort', sort());
        break;
      case 'sortOnly':
        params.set('sort', sort());
        break;
      case 'laterPage': {
        // Up to a few thousand rows deep, as far as the persona's organizations reach.
        const pages = Math.floor(Math.min(5000, Math.max(0, options.visible - 1)) / limit);
        params.set('offset', String(random.int(1, Math.max(1, pages)) * limit));
        if (random.next() < 0.7) params.set('sort', sort());
        break;
      }
      case 'combined':
        params.set('name', random.pick(terms));
        params.set('processStatus', String(random.pick([1, 2, 9])));
        if (random.next() < 0.5) params.set('effectiveDate', isoDate(random, 2012, 2020));
        params.set('sort', sort());
        break;
    }
    params.set('limit', String(limit));
    paths.push(`${ORGANIZATIONS_PATH}?${params.toString()}`);
  }
  return paths;
}

/** GET /portal/v1/organizations/{orgId} over the given organizations, in random order. */
export function detailRequests(organizationNos: readonly number[], count = 2000, seed = 2026) {
  const random = createRandom(seed);
  return Array.from(
    { length: count },
    () => `${ORGANIZATIONS_PATH}/${random.pick(organizationNos)}`,
  );
}
