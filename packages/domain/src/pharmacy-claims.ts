import { z } from 'zod';
import { int4Id, npiSchema } from './validation.ts';
import { pageSchema, pagingQuery } from './paging.ts';

/*
 * A member's pharmacy claims history (issue 12 "Claims history", spec 2 §2 "Member detail", §9),
 * and the identifiers a claim carries: the NDC-11 of the drug and the NPI of the pharmacy.
 * See docs/decisions/0098-claims-history-and-demo-drugs.md. (`claims.ts` is the signed-in
 * user's authorization claims, a different thing.)
 */

/** Where a claim was filled. */
export const CLAIM_CHANNELS = ['retail', 'mail', 'specialty'] as const;
export type ClaimChannel = (typeof CLAIM_CHANNELS)[number];
export const CLAIM_CHANNEL_LABELS: Record<ClaimChannel, string> = {
  retail: 'Retail',
  mail: 'Mail',
  specialty: 'Specialty',
};

/** How the claim was adjudicated: paid, later reversed by the pharmacy, or rejected. */
export const CLAIM_STATUSES = ['paid', 'reversed', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  paid: 'Paid',
  reversed: 'Reversed',
  rejected: 'Rejected',
};

/** Whether the drug was dispensed as a brand or a generic. */
export const BRAND_GENERIC = ['brand', 'generic'] as const;
export type BrandGeneric = (typeof BRAND_GENERIC)[number];
export const BRAND_GENERIC_LABELS: Record<BrandGeneric, string> = {
  brand: 'Brand',
  generic: 'Generic',
};

/* ---------- NDC ---------- */

/** An NDC as billed: 11 digits, no hyphens (the 5-4-2 form). */
export const NDC11_PATTERN = /^\d{11}$/;

export function isNdc11(value: string): boolean {
  return NDC11_PATTERN.test(value);
}

/** An NDC-11 as people read it: 5-4-2 ('00002322730' -> '00002-3227-30'); anything else as is. */
export function formatNdc(ndc: string): string {
  if (!isNdc11(ndc)) return ndc;
  return `${ndc.slice(0, 5)}-${ndc.slice(5, 9)}-${ndc.slice(9)}`;
}

/**
 * The NDC-11 of an NDC as the FDA directory lists it: ten digits in three hyphenated segments
 * (4-4-2, 5-3-2 or 5-4-1), the short segment padded with a leading zero. Undefined for anything
 * else (an 11-digit or unhyphenated code is ambiguous or already converted: not guessed).
 */
export function ndc11FromFda(ndc: string): string | undefined {
  const m = /^(\d{4,5})-(\d{3,4})-(\d{1,2})$/.exec(ndc.trim());
  if (!m) return undefined;
  const [, labeler, product, pack] = m as unknown as [string, string, string, string];
  if (labeler.length + product.length + pack.length !== 10) return undefined;
  return labeler.padStart(5, '0') + product.padStart(4, '0') + pack.padStart(2, '0');
}

/* ---------- NPI ---------- */

/**
 * The NPI check digit (the 10th digit): Luhn over the card-issuer prefix 80840 and the first
 * nine digits, as CMS defines it. Undefined for anything but nine digits.
 */
export function npiCheckDigit(firstNine: string): number | undefined {
  if (!/^\d{9}$/.test(firstNine)) return undefined;
  const digits = `80840${firstNine}`;
  let sum = 0;
  // From the right of the 14 digits the check digit will follow, every other one is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A valid NPI: ten digits whose last is the check digit of the first nine. */
export function isValidNpi(value: string): boolean {
  return /^\d{10}$/.test(value) && npiCheckDigit(value.slice(0, 9)) === Number(value[9]);
}

/**
 * A pharmacy's NPI as a claim carries it: the NPI field's rules (spec 2 §9 "Field limits": 10)
 * and a valid check digit.
 */
export const pharmacyNpiSchema = npiSchema('Pharmacy NPI').refine(
  isValidNpi,
  'Pharmacy NPI is not a valid NPI (check digit)',
);

/* ---------- The claims history call ---------- */

/** The columns the claims table sorts by (the names it shows and sends). */
export const CLAIM_SORT_FIELDS = [
  'fillDate',
  'rxNumber',
  'drugName',
  'ndc',
  'quantity',
  'daysSupply',
  'pharmacyName',
  'channel',
  'brandGeneric',
  'status',
  'memberPaid',
  'planPaid',
] as const;
export type ClaimSortField = (typeof CLAIM_SORT_FIELDS)[number];

/** .../organizations/{orgId}/employees/{employeeId}/claims and .../pbm-links */
export const claimsMemberParams = z.object({
  orgId: int4Id('orgId'),
  employeeId: int4Id('employeeId'),
});
export type ClaimsMemberParams = z.infer<typeof claimsMemberParams>;

/**
 * Paging and sort as every portal list, newest fill first by default; `dependentNo` reads a
 * dependent's claims, without it the employee's own.
 */
export const claimsHistoryQuery = pagingQuery(CLAIM_SORT_FIELDS).extend({
  dependentNo: int4Id('dependentNo').optional(),
});
export type ClaimsHistoryQuery = z.input<typeof claimsHistoryQuery>;

/** A money amount as the database keeps it: numeric(14,2), carried as a decimal string. */
const money = z.string();

/** One pharmacy claim as the Claims History tab lists it. Dates are YYYY-MM-DD. */
export const pharmacyClaim = z.object({
  claimNo: z.number().int(),
  fillDate: z.string(),
  rxNumber: z.string(),
  /** The drug's name as the pharmacy billed it. */
  drugName: z.string(),
  /** NDC-11, digits only; shown 5-4-2 (formatNdc). */
  ndc: z.string(),
  quantity: z.number(),
  daysSupply: z.number().int(),
  pharmacyName: z.string(),
  pharmacyNpi: z.string(),
  channel: z.enum(CLAIM_CHANNELS),
  brandGeneric: z.enum(BRAND_GENERIC),
  status: z.enum(CLAIM_STATUSES),
  memberPaid: money,
  planPaid: money,
  /** The pharmacy-benefit manager's reference of the claim. */
  pbmClaimReference: z.string(),
});
export type PharmacyClaim = z.infer<typeof pharmacyClaim>;

export const claimsHistoryPage = pageSchema(pharmacyClaim);
export type ClaimsHistoryPage = z.infer<typeof claimsHistoryPage>;

/* ---------- PBM claim links (spec 2 §9) ---------- */

/** The PBMs whose claim systems an agent opens, in the spec's preferred order. */
export const PBM_NAMES = ['Express Scripts', 'Optum', 'Caremark', 'Caremark RxClaim'] as const;
export type PbmName = (typeof PBM_NAMES)[number];
/** Agadia's entry is named by the plan's product: '{product} - Agadia', listed after the PBMs. */
export const AGADIA = 'Agadia';

/** What an agent's browser must be to open a PBM's claim system (spec 2 §9). */
export type PbmBrowser = 'Microsoft Edge' | 'Chrome';

export function pbmBrowser(pbm: string): PbmBrowser {
  return pbm === 'Express Scripts' ? 'Microsoft Edge' : 'Chrome';
}

/** The text shown next to a link: 'Requires Microsoft Edge' / 'Requires Chrome'. */
export function pbmBrowserNote(pbm: string): string {
  return `Requires ${pbmBrowser(pbm)}`;
}

/** The name shown for a link: the PBM's, or '{product} - Agadia'. */
export function pbmLinkName(pbm: string, product: string | null): string {
  return pbm === AGADIA ? `${product ?? 'Pharmacy'} - ${AGADIA}` : pbm;
}

/**
 * The spec's preferred order: Express Scripts, Optum, Caremark, Caremark RxClaim, then the
 * Agadia products, then any other PBM by name.
 */
export function comparePbmLinks(a: { pbm: string; name: string }, b: typeof a): number {
  const rank = (pbm: string) => {
    const i = (PBM_NAMES as readonly string[]).indexOf(pbm);
    if (i >= 0) return i;
    return pbm === AGADIA ? PBM_NAMES.length : PBM_NAMES.length + 1;
  };
  return rank(a.pbm) - rank(b.pbm) || a.name.localeCompare(b.name);
}

export const pbmLink = z.object({
  /** The PBM as stored (one of PBM_NAMES, or 'Agadia'). */
  pbm: z.string(),
  /** What the link says. */
  name: z.string(),
  url: z.string(),
  browser: z.enum(['Microsoft Edge', 'Chrome']),
});
export type PbmLink = z.infer<typeof pbmLink>;

/** The member's PBM claim links, in the preferred order; empty: 'No PBM Coverage'. */
export const pbmLinksAnswer = z.object({ links: z.array(pbmLink) });
export type PbmLinksAnswer = z.infer<typeof pbmLinksAnswer>;

/** Spec 2 §8 empty state of the links. */
export const NO_PBM_COVERAGE = 'No PBM Coverage';
