import { z } from 'zod';
import { cappedPageSchema, MAX_PAGE_SIZE } from './paging.ts';

/*
 * The drug reference (issue 14; spec 2 §3 "Clinical", §5 "Clinical", §7 "Drug search", §9): one
 * row per package NDC-11 with its product's names, form and labeler, and a therapeutic class code
 * of our own (the spec's `gpi_10`). See docs/decisions/0106-drug-reference.md.
 *
 * The class code has GPI's shape, not its values (GPI is Medi-Span's, licensed): ten digits in
 * five levels of two — group, class, subclass, drug name, name extension. The 2-, 4- and 6-digit
 * levels have names of their own (table drug_class); the 10-digit code names a drug (its
 * nonproprietary name).
 */

/** Spec 2 §9: the screen asks for 10 results, 2 seconds after typing stops. */
export const DRUG_SEARCH_LIMIT = 10;
export const DRUG_SEARCH_DEBOUNCE_MS = 2000;
/** The longest search term the server reads (a name, an NDC or a class code is far shorter). */
export const DRUG_SEARCH_MAX_LENGTH = 100;

/** Spec 2 §5: "a numeric entry must have an even number of digits". */
export const DRUG_SEARCH_ODD_DIGITS_MESSAGE = 'A numeric search must have an even number of digits';
/** Spec 2 §5: "a non-numeric entry needs at least one character". */
export const DRUG_SEARCH_EMPTY_MESSAGE = 'Enter at least one character to search';
export const DRUG_SEARCH_NO_WORD_MESSAGE = 'Enter at least one letter or digit to search';
export const DRUG_SEARCH_TOO_LONG_MESSAGE = `The search must not exceed ${DRUG_SEARCH_MAX_LENGTH} characters`;

/** A class code: 2, 4, 6, 8 or 10 digits (the levels); a drug's own code has 10. */
export const DRUG_CLASS_CODE_PATTERN = /^(\d{2}){1,5}$/;
export const GPI_10_PATTERN = /^\d{10}$/;
/** The levels that carry a name of their own in drug_class: group, class, subclass. */
export const DRUG_CLASS_NAMED_LENGTHS = [2, 4, 6] as const;

export function isGpi10(value: string): boolean {
  return GPI_10_PATTERN.test(value);
}

/** The code's level, 1 (group, 2 digits) to 5 (name extension, 10 digits); undefined if not a code. */
export function drugClassLevel(code: string): number | undefined {
  return DRUG_CLASS_CODE_PATTERN.test(code) ? code.length / 2 : undefined;
}

/** The named ancestors of a 10-digit code: its 2-, 4- and 6-digit prefixes. */
export function drugClassAncestors(gpi10: string): string[] {
  return DRUG_CLASS_NAMED_LENGTHS.map((n) => gpi10.slice(0, n));
}

/**
 * How a search term is read:
 * - digits only: a prefix of the NDC-11 or of the class code; it must have an even number of
 *   digits (spec 2 §5; class levels are pairs of digits);
 * - digits and hyphens: an NDC as printed, a prefix of the package NDC as the FDA publishes it
 *   (4-4-2, 5-3-2 or 5-4-1) or of the NDC-11 written 5-4-2; the even rule counts its digits too;
 * - anything else: words, each a prefix of a word of the drug's proprietary or nonproprietary
 *   name (case and punctuation ignored).
 */
export type DrugSearchTerm =
  | { kind: 'code'; digits: string }
  | { kind: 'ndc'; text: string; digits: string; ndc11Prefix: string | undefined }
  | { kind: 'words'; words: string[] };

export type DrugSearchReading = { ok: true; term: DrugSearchTerm } | { ok: false; message: string };

/**
 * The words of a name as the search compares them: lower case, runs of ASCII letters and digits
 * (the same rule as the drug table's generated search_name column, migration 0015).
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * The text the name search runs over: every word of the names, each preceded by one space, so
 * "a word starting with w" is `like '% w%'` (a trigram index serves it).
 */
export function searchNameOf(...names: (string | null | undefined)[]): string {
  const words = names.flatMap((n) => (n ? searchWords(n) : []));
  return words.map((w) => ` ${w}`).join('');
}

/** The NDC-11 prefix a hyphenated entry stands for when it is the 5-4-2 form ('00002-32'). */
function ndc11PrefixOf(text: string): string | undefined {
  const m = /^(\d{5})(?:-(\d{0,4})(?:-(\d{0,2}))?)?$/.exec(text);
  if (!m) return undefined;
  const [, labeler, product = '', pack = ''] = m;
  if (pack !== '' && product.length !== 4) return undefined;
  return `${labeler}${product}${pack}`;
}

export function readDrugSearchTerm(raw: string): DrugSearchReading {
  const text = raw.trim();
  if (text === '') return { ok: false, message: DRUG_SEARCH_EMPTY_MESSAGE };
  if (raw.length > DRUG_SEARCH_MAX_LENGTH)
    return { ok: false, message: DRUG_SEARCH_TOO_LONG_MESSAGE };
  if (/^\d+$/.test(text)) {
    if (text.length % 2 !== 0) return { ok: false, message: DRUG_SEARCH_ODD_DIGITS_MESSAGE };
    return { ok: true, term: { kind: 'code', digits: text } };
  }
  if (/^\d[\d-]*$/.test(text) && !text.includes('--')) {
    const digits = text.replaceAll('-', '');
    if (digits.length % 2 !== 0) return { ok: false, message: DRUG_SEARCH_ODD_DIGITS_MESSAGE };
    return { ok: true, term: { kind: 'ndc', text, digits, ndc11Prefix: ndc11PrefixOf(text) } };
  }
  const words = searchWords(text);
  if (words.length === 0) return { ok: false, message: DRUG_SEARCH_NO_WORD_MESSAGE };
  return { ok: true, term: { kind: 'words', words } };
}

/* ---------- The drug-details call (spec 2 §7 "Drug search") ---------- */

export const DRUG_SORT_FIELDS = ['ndc'] as const;

/**
 * `q` (required), `distinct=gpi_10` (one row per class code), `sort=ndc:asc|desc` (default
 * desc), `offset`, `limit` (1–100, default 10).
 */
export const drugSearchQuery = z.object({
  q: z
    .string({ error: DRUG_SEARCH_EMPTY_MESSAGE })
    .max(DRUG_SEARCH_MAX_LENGTH, DRUG_SEARCH_TOO_LONG_MESSAGE)
    .transform((q, ctx) => {
      const reading = readDrugSearchTerm(q);
      if (!reading.ok) {
        ctx.addIssue({ code: 'custom', message: reading.message });
        return z.NEVER;
      }
      return reading.term;
    }),
  distinct: z.enum(['gpi_10'], { error: 'distinct must be gpi_10' }).optional(),
  sort: z
    .enum(['ndc:desc', 'ndc:asc'], { error: 'sort must be ndc:asc or ndc:desc' })
    .default('ndc:desc')
    .transform((s) => (s === 'ndc:asc' ? ('asc' as const) : ('desc' as const))),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .max(100_000, 'offset must not exceed 100000')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must not exceed ${MAX_PAGE_SIZE}`)
    .default(DRUG_SEARCH_LIMIT),
});
export type DrugSearchQuery = z.input<typeof drugSearchQuery>;
export type DrugSearch = z.output<typeof drugSearchQuery>;

export const BRAND_OR_GENERIC = ['brand', 'generic'] as const;

/** One package as the drug search answers it (snake_case as the spec's fields). */
export const drugDetail = z.object({
  /** The class code, null for a product the loaded classification does not cover. */
  gpi_10: z.string().nullable(),
  /** NDC-11, digits only (the billing form). */
  ndc: z.string(),
  /** The package NDC as the FDA publishes it (10 digits, hyphenated). */
  package_ndc: z.string().nullable(),
  product_ndc: z.string().nullable(),
  /** Proprietary name and strength, as a claim names the drug. */
  drug_name: z.string(),
  proprietary_name: z.string(),
  nonproprietary_name: z.string(),
  strength: z.string(),
  dosage_form: z.string(),
  route: z.string(),
  labeler: z.string(),
  brand_generic: z.enum(BRAND_OR_GENERIC),
  marketing_category: z.string().nullable(),
  marketing_start_date: z.string().nullable(),
  marketing_end_date: z.string().nullable(),
  package_description: z.string(),
  /** The name of the code's 6-digit level (its subclass), when the classification has one. */
  class_name: z.string().nullable(),
});
export type DrugDetail = z.infer<typeof drugDetail>;

/**
 * `{ data, totalCount }`; a broad search stops counting at 1,000 (`totalCountCapped`). With
 * distinct, the count is of class codes.
 */
export const drugSearchPage = cappedPageSchema(drugDetail);
export type DrugSearchPage = z.infer<typeof drugSearchPage>;

/* ---------- Brand or generic, from the FDA marketing category ---------- */

/**
 * The FDA directory has no brand/generic flag. ANDA and authorized generics are generics; a
 * product sold under its nonproprietary name is a generic; the rest (NDA, BLA, OTC brands) brand.
 */
export function brandOrGeneric(
  marketingCategory: string,
  proprietaryName: string,
  nonproprietaryName: string,
): 'brand' | 'generic' {
  const category = marketingCategory.trim().toUpperCase();
  if (category === 'ANDA' || category === 'NDA AUTHORIZED GENERIC') return 'generic';
  const proprietary = searchWords(proprietaryName).join(' ');
  const nonproprietary = searchWords(nonproprietaryName).join(' ');
  if (proprietary === '' || proprietary === nonproprietary) return 'generic';
  return 'brand';
}
