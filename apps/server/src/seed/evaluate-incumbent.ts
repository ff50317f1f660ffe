import type { Kysely } from 'kysely';
import {
  PRESET_CREDIT_NAMES,
  PRESET_FEE_NAMES,
  REBATE_CHANNELS,
  blankRenewalEntry,
  feeListInput,
  incumbentAggregates,
  insightInput,
  opportunityContactListInput,
  pricingInsightListInput,
  pricingListInput,
  renewalListInput,
  type FeeItem,
  type FeeType,
  type PricingItem,
  type RebateChannel,
  type RenewalEntryInput,
} from '@pillar/domain';
import type { DB } from '../database.ts';
import {
  createInsight,
  saveAggregates,
  saveContacts,
  saveFees,
  savePricing,
  savePricingInsights,
  saveRenewals,
} from '../modules/evaluate/index.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * Demo incumbent parts (issue 18, decision 0115): for every other seeded prospect opportunity
 * (the half with full contract terms), the incumbent's fees and credits, a renewal and one or two
 * competitor entries with rebate guarantees, insights (the analyst's, and on some one of the
 * super admin's, which the analyst cannot change), aggregates, contacts and RxB pricing lists.
 * Parsed by the domain schemas and written through the module as the analyst, so every part has its version; the first few
 * opportunities get their fees saved twice (two versions to compare). Deterministic.
 */

const COMPETITORS = ['Navitus', 'Capital Rx', 'MedImpact', 'SmithRx', 'Prime Therapeutics'];
const CONTACT_NAMES = [
  ['Laura Bennett', 'HR Director'],
  ['Marcus Reed', 'Benefits Manager'],
  ['Priya Nair', 'CFO'],
  ['Samuel Ortiz', 'Benefits Analyst'],
] as const;
const INSIGHTS = [
  'Broker is pushing for a pass-through model at renewal.',
  'Employer is unhappy with specialty pharmacy service levels.',
  'Incumbent offered a rebate guarantee increase to retain the account.',
  'CFO wants to see savings net of all fees, not gross.',
  'Mail order uptake is low; members prefer retail 90.',
];
const PRICING_INSIGHTS = [
  ['Network', 'A narrower retail network lowers the effective rate without disrupting members.'],
  ['Specialty', 'Carving specialty out to the RxB preferred pharmacy improves the AWP discount.'],
] as const;

type Random = ReturnType<SeedContext['randomFor']>;

const cents = (random: Random, min: number, max: number) =>
  random.int(Math.round(min * 100), Math.round(max * 100)) / 100;

function typeOf(preset: { type: FeeType | null }, fallback: FeeType): FeeType {
  return preset.type ?? fallback;
}

function fees(random: Random): FeeItem[] {
  const picks = [0, 2, 6, 8].slice(0, random.int(2, 4));
  return picks.map((i) => {
    const preset = PRESET_FEE_NAMES[i]!;
    const type = typeOf(preset, 'PEPM');
    return {
      name: preset.name,
      type,
      amount: type === 'Per Claim' ? cents(random, 0.25, 2) : cents(random, 1, 6),
    };
  });
}

function credits(random: Random): FeeItem[] {
  return PRESET_CREDIT_NAMES.slice(0, random.int(1, 2)).map((preset) => ({
    name: preset.name,
    type: typeOf(preset, 'One Time'),
    amount: preset.type === null ? cents(random, 5_000, 25_000) : cents(random, 0.5, 4),
  }));
}

function entry(random: Random, name: string, effectiveDate: string): RenewalEntryInput {
  const blank = blankRenewalEntry();
  const discount = (min: number, max: number) => cents(random, min, max);
  const channel = (min: number, max: number) => ({
    brandAWP: discount(min, max),
    genericAWP: discount(min + 60, max + 65),
    singleSourceGenericAWP: discount(min + 40, max + 45),
  });
  const guarantees = Object.fromEntries(
    REBATE_CHANNELS.map((c, i) => {
      const claimCount = i < 3 ? random.int(2_000, 40_000) : random.int(20, 600);
      return [
        c,
        {
          guarantee: i < 3 ? cents(random, 1.5, 9) : cents(random, 1_200, 2_600),
          claimCount,
          exclusions: Math.floor(claimCount * (random.int(0, 8) / 100)),
        },
      ];
    }),
  ) as Record<RebateChannel, { guarantee: number; claimCount: number; exclusions: number }>;
  return {
    ...blank,
    name,
    termLength: random.int(1, 5),
    effectiveDate,
    source: (['No', 'Yes - SSG', 'Yes - DSG'] as const)[random.int(0, 2)]!,
    discounts: {
      retail: channel(15, 20),
      retail90: channel(19, 24),
      mail: channel(22, 27),
      specialtyAWP: discount(17, 22),
    },
    dispensingFees: {
      retail: { brandAWP: cents(random, 0, 1.5), genericAWP: cents(random, 0, 1.5) },
      retail90: { brandAWP: cents(random, 0, 1), genericAWP: cents(random, 0, 1) },
      mail: { brandAWP: 0, genericAWP: 0 },
      specialtyMailAWP: cents(random, 0, 2),
      specialtyRetailAWP: cents(random, 0, 2),
    },
    rebateGuarantees: { rebateTier: random.chance(0.5) ? '2TIER' : '3TIER', ...guarantees },
    adminFees: [{ name: 'Administrative Fee', type: 'PEPM', amount: cents(random, 1, 5) }],
    adminCredits: random.chance(0.5)
      ? [{ name: 'Rebate Fee Credit', type: 'PEPM', amount: cents(random, 0.5, 3) }]
      : [],
  };
}

function pricing(random: Random, items: readonly FeeItem[]): PricingItem[] {
  const pbms = ['ALL', 'OPTUMRX', 'EXPRESS_SCRIPTS', 'CVS_CAREMARK'] as const;
  return items.map((item, i) => ({
    ...item,
    amount: Math.max(0.01, Math.round(item.amount * 0.8 * 100) / 100),
    pbm: pbms[(i + random.int(0, 3)) % pbms.length]!,
  }));
}

/**
 * Adds the incumbent parts to every other opportunity of `opportunityNos` (the evaluate seed's,
 * in import order), as the financial analyst persona.
 */
export async function seedEvaluateIncumbent(
  db: Kysely<DB>,
  context: SeedContext,
  opportunityNos: readonly number[],
): Promise<void> {
  const analyst = context.userNos.get('financialAnalyst');
  if (analyst === undefined) return;
  const actor = { userNo: analyst };
  const admin = context.userNos.get('superAdmin');
  for (const [i, id] of opportunityNos.entries()) {
    if (i % 2 !== 0) continue;
    const random = context.randomFor(`evaluate-incumbent-${i}`);
    const feeItems = fees(random);
    if (i < 10) {
      // An earlier assumption: the first fee a little lower.
      const earlier = feeItems.map((f, n) =>
        n === 0 ? { ...f, amount: Math.max(0.01, Math.round((f.amount - 0.5) * 100) / 100) } : f,
      );
      await saveFees(db, actor, id, 'fees', feeListInput.parse({ items: earlier }));
    }
    await saveFees(db, actor, id, 'fees', feeListInput.parse({ items: feeItems }));
    const creditItems = credits(random);
    await saveFees(db, actor, id, 'credits', feeListInput.parse({ items: creditItems }));

    const year = 2027 + (i % 2);
    const entries = [entry(random, 'Incumbent renewal', `${year}-01-01`)];
    const competitors = 1 + (i % 2);
    for (let c = 0; c < competitors; c++) {
      const name = COMPETITORS[(i + c) % COMPETITORS.length]!;
      entries.push(entry(random, `Competitor: ${name}`, `${year}-01-01`));
    }
    await saveRenewals(db, actor, id, renewalListInput.parse({ entries }));

    // The super admin's insight first where there is one: the route-table test calls
    // DELETE /opps/1/insights/1 as the super admin (its first allowed persona), which only its
    // owner may do; the analyst's own insight beside it cannot be changed by the admin.
    if (admin !== undefined && i % 4 === 0) {
      await createInsight(
        db,
        { userNo: admin },
        id,
        insightInput.parse({ message: INSIGHTS[(i + 1) % INSIGHTS.length]! }),
      );
    }
    await createInsight(
      db,
      actor,
      id,
      insightInput.parse({ message: INSIGHTS[i % INSIGHTS.length]! }),
    );

    await saveAggregates(
      db,
      actor,
      id,
      incumbentAggregates.parse({
        rebate: cents(random, 50_000, 900_000),
        isRebateUsed: random.chance(0.5),
        totalMember: random.int(300, 20_000),
        isTotalMemberUsed: true,
        gross: cents(random, 800_000, 12_000_000),
        isGrossUsed: random.chance(0.5),
      }),
    );

    const contactCount = 1 + (i % 3);
    await saveContacts(
      db,
      actor,
      id,
      opportunityContactListInput.parse({
        contacts: CONTACT_NAMES.slice(0, contactCount).map(([name, position], n) => ({
          contactName: name,
          position,
          email: `${name.toLowerCase().replace(' ', '.')}@employer${i}.example`,
          phone: `555-1${String(i).padStart(2, '0')}-${1000 + n}`,
        })),
      }),
    );

    await savePricing(
      db,
      actor,
      id,
      'fees',
      pricingListInput.parse({ items: pricing(random, feeItems) }),
    );
    await savePricing(
      db,
      actor,
      id,
      'credits',
      pricingListInput.parse({ items: pricing(random, creditItems) }),
    );
    await savePricingInsights(
      db,
      actor,
      id,
      pricingInsightListInput.parse({
        items: PRICING_INSIGHTS.slice(0, 1 + (i % 2)).map(([insightName, additionalInfo]) => ({
          insightName,
          additionalInfo,
        })),
      }),
    );
  }
}
