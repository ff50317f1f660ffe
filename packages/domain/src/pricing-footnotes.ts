/**
 * The pricing grid's footnotes (spec 3 §3 "Pricing grid column": footNotes of id, category, text,
 * pages, isStatic). Static notes state the method and are on every grid; the others say what
 * this grid's selections, file and terms did. Decision 0131.
 */
import type { FootNote } from './claims-files.ts';
import { EXCLUSION_REASON_LABELS } from './fa-jobs.ts';
import type { GlobalCustomizations, PbmSelection, RateCardPbm } from './rate-cards.ts';
import { RATE_CARD_PBM_NAMES } from './rate-cards.ts';
import {
  EXCLUSION_REASONS,
  type GridColumn,
  type GuaranteeResult,
  type Population,
} from './repricing.ts';

export const FOOTNOTE_CATEGORIES = [
  'Methodology',
  'Claims',
  'Selections',
  'Rate Cards',
  'Fees',
  'Guarantees',
] as const;

export interface FootnoteFacts {
  globals: GlobalCustomizations;
  grid: readonly GridColumn[];
  guarantees: readonly GuaranteeResult[];
  population: Population;
  /** Whether the opportunity gave employees and members (else PEPM/PMPM fees are 0). */
  populationKnown: { employees: boolean; members: boolean };
  /** The analysis range, ISO dates; null ends mean the file's own. */
  range: { start: string | null; end: string | null };
  /** Each PBM column: the rate card it was priced from and its selection. */
  rateCards: readonly { pbm: RateCardPbm; effectiveDate: string; selection: PbmSelection }[];
  /** PBMs selected but with no rate card in force (left out of the grid). */
  missingCards: readonly RateCardPbm[];
}

const GRID = ['Pricing Grid'];
const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The footnotes of a grid, numbered in order: static ones first, then this grid's. */
export function gridFootnotes(f: FootnoteFacts): FootNote[] {
  const notes: Omit<FootNote, 'id'>[] = [
    {
      category: 'Methodology',
      isStatic: true,
      pages: GRID,
      text: 'Each claim is repriced from the AWP carried on the claim at its fill date (or the loaded price file for the same NDC when the claim has none), without NDC substitution; the claim’s own brand/generic indicator and channel are kept.',
    },
    {
      category: 'Methodology',
      isStatic: true,
      pages: GRID,
      text: 'Member cost share is kept from each claim; savings are measured against the incumbent’s net cost (gross − member cost share − credits − rebates + fees).',
    },
    {
      category: 'Methodology',
      isStatic: true,
      pages: GRID,
      text: 'Disruption counts the repriced claims, and their members, on NDCs the chosen formulary of a PBM column excludes (Disruption Tier 3TIER) or excludes or moves to its non-preferred tier (4TIER); the incumbent and renewal columns have no formulary list.',
    },
    {
      category: 'Methodology',
      isStatic: true,
      pages: GRID,
      text: 'Protect-services savings are an estimate kept out of the net cost: the rate card’s percentage, for the selected level and the Protect Services version, of the gross paid on specialty claims and on brand claims outside specialty; net savings subtract the Protect Services Fee.',
    },
  ];
  const first = f.grid[0];
  if (first) {
    const excluded = first.utilization.claimsExcluded;
    if (excluded > 0) {
      const parts = EXCLUSION_REASONS.filter((r) => first.exclusions[r] > 0).map(
        (r) => `${EXCLUSION_REASON_LABELS[r]}: ${first.exclusions[r]}`,
      );
      notes.push({
        category: 'Claims',
        isStatic: false,
        pages: GRID,
        text: `${excluded} claims were not repriced (${parts.join('; ')}).`,
      });
    }
    if (first.reversedPairs > 0)
      notes.push({
        category: 'Claims',
        isStatic: false,
        pages: GRID,
        text: `${first.reversedPairs} reversed claims were netted against their originals and left out.`,
      });
  }
  if (f.range.start || f.range.end)
    notes.push({
      category: 'Claims',
      isStatic: false,
      pages: GRID,
      text: `Claims filled from ${f.range.start ?? 'the first fill date'} to ${f.range.end ?? 'the last fill date'} only.`,
    });
  notes.push({
    category: 'Selections',
    isStatic: false,
    pages: GRID,
    text:
      f.globals.retail90 === 1
        ? 'Retail 90 on: retail claims over 83 days’ supply are priced at Retail 90 terms.'
        : 'Retail 90 off: Retail 90 claims are priced at retail terms.',
  });
  notes.push({
    category: 'Selections',
    isStatic: false,
    pages: GRID,
    text: `PBM columns priced with ${f.globals.pricing} pricing, the ${f.globals.memberPopulation} member population and the ${f.globals.rebateTier} rebate tier.`,
  });
  notes.push({
    category: 'Selections',
    isStatic: false,
    pages: GRID,
    text:
      f.globals.disruptionTier === '4TIER'
        ? 'Disruption Tier 4TIER: claims on non-preferred (fourth tier) drugs count as disrupted, beside the excluded ones.'
        : 'Disruption Tier 3TIER: only claims on excluded drugs count as disrupted.',
  });
  if (f.globals.specialtyIndicator !== 'N/A')
    notes.push({
      category: 'Selections',
      isStatic: false,
      pages: GRID,
      text: `Specialty claims of every PBM column are priced at ${f.globals.specialtyIndicator}’s specialty terms.`,
    });
  for (const card of f.rateCards)
    notes.push({
      category: 'Rate Cards',
      isStatic: false,
      pages: GRID,
      text: `${RATE_CARD_PBM_NAMES[card.pbm]} terms from its rate card effective ${card.effectiveDate}${optionsOf(card.selection, f.globals.protectServices)}.`,
    });
  for (const pbm of f.missingCards)
    notes.push({
      category: 'Rate Cards',
      isStatic: false,
      pages: GRID,
      text: `${RATE_CARD_PBM_NAMES[pbm]} has no rate card in force on the analysis date and is not shown.`,
    });
  const { employees, months, members } = f.population;
  notes.push({
    category: 'Fees',
    isStatic: false,
    pages: GRID,
    text: `Fees and credits use ${employees} employees, ${members} members and ${months} months${
      !f.populationKnown.employees || !f.populationKnown.members
        ? ` (the opportunity gives no ${[
            f.populationKnown.employees ? null : 'employee count',
            f.populationKnown.members ? null : 'member count',
          ]
            .filter(Boolean)
            .join(' or ')}: those fees are 0)`
        : ''
    }.`,
  });
  const short = f.guarantees.filter((g) => g.shortfall > 0);
  if (short.length > 0)
    notes.push({
      category: 'Guarantees',
      isStatic: false,
      pages: GRID,
      text: `The incumbent missed its guarantees on these claims: ${short
        .map((g) => `${GUARANTEE_LABELS[g.bucket]} shortfall ${money(g.shortfall)}`)
        .join('; ')} (what a reconciliation would pay).`,
    });
  return notes.map((n, i) => ({ id: i + 1, ...n }));
}

const GUARANTEE_LABELS: Record<GuaranteeResult['bucket'], string> = {
  brand: 'brand',
  generic: 'generic',
  dispensingFee: 'dispensing fee',
};

function optionsOf(s: PbmSelection, protectVersion: string): string {
  const parts = [
    `${s.formulary} formulary`,
    `${s.pharmacyNetwork} network`,
    `${s.specialtyNetwork} specialty network`,
  ];
  if (s.channelManagement !== 'None') parts.push(`${s.channelManagement} channel management`);
  if (s.protectServices !== 'none')
    parts.push(`${s.protectServices} protect services ${protectVersion}`);
  if (s.netNew) parts.push(s.netNew);
  return ` (${parts.join(', ')})`;
}
