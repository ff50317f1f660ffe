import type { Kysely } from 'kysely';
import type { DB } from '../database.ts';
import { seedClaimsFile } from '../modules/claims-files/index.ts';
import { readDemoDrugs } from './drug-reference.ts';
import { crmSeedOpportunities, EVALUATE_SEED } from './evaluate.ts';
import { addDays, type SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * The demo opportunity's claims file (issue 19, decision 0140): the last months of one
 * employer's pharmacy claims over the demo drug catalogue, sized to its members (about 9 fills
 * a member a year, as US commercial plans see; a year, or the most whole months, at least 3,
 * within MAX_CLAIMS), so the pricing grid of the demo reads like a real analysis
 * and not 4 claims against thousands of employees' PEPM fees. Generated from the seed's own
 * random sequence, so every run writes the same bytes.
 *
 * Mix: about 1.2% of fills specialty (80% specialty mail, 20% specialty retail; a handful of
 * members), the rest 86% generic; retail 68%, retail 90 12%, mail 20%; 1.5% of claims reversed
 * (a reversal row after the paid one). The incumbent paid AWP less a typical discount plus a
 * dispensing fee; the member a copay (generic $10, brand $40, specialty $150; twice for 90 days).
 */

const FILLS_PER_MEMBER_YEAR = 9;
const MAX_CLAIMS = 8000;

const HEADER = [
  'Claim Number',
  'Member ID',
  'Date Filled',
  'NDC',
  'Drug Name',
  'Brand/Generic',
  'Quantity',
  'Days Supply',
  'Pharmacy NPI',
  'Pharmacy Type',
  'AWP Unit Cost',
  'AWP Total',
  'Ingredient Cost',
  'Dispensing Fee',
  'Member Paid',
  'Plan Paid',
  'Claim Status',
];
const MAPPED_HEADER = [
  'claimId',
  'memberId',
  'fillDate',
  'ndc',
  'drugName',
  'brandGenericIndicator',
  'quantity',
  'daysSupply',
  'pharmacyNpi',
  'pharmacyType',
  'awpUnitCost',
  'awpTotalCost',
  'ingredientCost',
  'dispensingFee',
  'memberPaid',
  'planPaid',
  'claimStatus',
];

type Channel = 'R' | 'R90' | 'M' | 'SR' | 'SM';
/** The incumbent's discount off AWP (percent) by channel and brand/generic, and its fee. */
const PAID: Record<Channel, { brand: number; generic: number; fee: number }> = {
  R: { brand: 18.5, generic: 81, fee: 1.25 },
  R90: { brand: 21, generic: 84, fee: 0.75 },
  M: { brand: 24, generic: 86, fee: 0 },
  SR: { brand: 17, generic: 17, fee: 1.5 },
  SM: { brand: 19, generic: 19, fee: 0 },
};

interface Drug {
  ndc: string;
  name: string;
  generic: boolean;
  specialty: boolean;
  /** AWP per unit, in dollars. */
  unit: number;
}

const money = (n: number) => Math.round(n * 100) / 100;
const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

function catalogue(random: SeededRandom): Drug[] {
  return readDemoDrugs().map((d) => {
    const generic = d.brand_generic === 'generic';
    const specialty = d.specialty === true;
    const cents = specialty
      ? random.int(90_000, 550_000)
      : generic
        ? random.int(10, 180)
        : random.int(800, 3500);
    return { ndc: d.ndc, name: d.proprietary_name, generic, specialty, unit: cents / 100 };
  });
}

/** The file's rows (paid claims and reversals), sorted by fill date. */
export function demoClaimRows(
  random: SeededRandom,
  members: number,
  months: number,
  today: string,
): (string | number)[][] {
  const drugs = catalogue(random);
  const specialty = drugs.filter((d) => d.specialty);
  const generics = drugs.filter((d) => d.generic && !d.specialty);
  const brands = drugs.filter((d) => !d.generic && !d.specialty);
  const pharmacies = Array.from({ length: 24 }, () => `1${random.digits(9)}`);
  const mailNpi = `1${random.digits(9)}`;
  const specialtyNpi = `1${random.digits(9)}`;
  const specialtyMembers = Math.max(3, Math.round(members * 0.006));
  const claims = Math.round((members * FILLS_PER_MEMBER_YEAR * months) / 12);
  const from = addMonths(today, -months);
  const to = addDays(today, -1);
  const rows: { date: string; row: (string | number)[] }[] = [];
  for (let i = 0; i < claims; i++) {
    const isSpecialty = random.chance(0.012);
    const drug = isSpecialty
      ? random.pick(specialty)
      : random.chance(0.86)
        ? random.pick(generics)
        : random.pick(brands);
    const member = isSpecialty ? random.int(1, specialtyMembers) : random.int(1, members);
    const roll = random.next();
    const channel: Channel = isSpecialty
      ? roll < 0.8
        ? 'SM'
        : 'SR'
      : roll < 0.68
        ? 'R'
        : roll < 0.8
          ? 'R90'
          : 'M';
    const days = isSpecialty
      ? 28
      : channel === 'R'
        ? random.chance(0.15)
          ? random.int(5, 14)
          : 30
        : 90;
    const quantity = isSpecialty ? random.int(1, 4) : days * (random.chance(0.25) ? 2 : 1);
    const awp = money(drug.unit * quantity);
    const terms = PAID[channel];
    const ingredient = money(awp * (1 - (drug.generic ? terms.generic : terms.brand) / 100));
    const gross = money(ingredient + terms.fee);
    const copay = (isSpecialty ? 150 : drug.generic ? 10 : 40) * (days >= 84 ? 2 : 1);
    const memberPaid = Math.min(copay, gross);
    const npi =
      channel === 'M' ? mailNpi : channel.startsWith('S') ? specialtyNpi : random.pick(pharmacies);
    const date = random.date(from, to);
    const claimId = `RX${String(100_000_000 + i * 7 + random.int(0, 6))}`;
    const row = (status: string) => [
      claimId,
      `M${String(member).padStart(6, '0')}`,
      date,
      drug.ndc,
      drug.name,
      drug.generic ? 'G' : 'B',
      quantity,
      days,
      npi,
      channel,
      drug.unit,
      awp,
      ingredient,
      terms.fee,
      memberPaid,
      money(gross - memberPaid),
      status,
    ];
    rows.push({ date, row: row('P') });
    if (random.chance(0.015)) rows.push({ date, row: row('X') });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date));
  return rows.map((r) => r.row);
}

const toCsv = (header: string[], rows: (string | number)[][]) =>
  Buffer.from(`${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n')}\n`);

/** The uploaded file writes dates as the PBM does (MM/DD/YYYY); the mapped file as ISO. */
/** The ISO date `months` calendar months from `iso`. */
function addMonths(iso: string, months: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/**
 * The months of claims the file covers: a year when the employer's year of claims fits
 * MAX_CLAIMS, else the most whole months that do (at least 3, as an RFP's claims extract).
 */
export function demoMonths(members: number): number {
  const monthly = (members * FILLS_PER_MEMBER_YEAR) / 12;
  return Math.max(3, Math.min(12, Math.floor(MAX_CLAIMS / monthly)));
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Seeds the claims file on the demo opportunity: of the imported opportunities that carry the
 * incumbent's full terms (every other one), the smallest employer, so its claims fit a fast
 * seed. `opportunityNos` are the evaluate seed's, in import order. Answers the opportunity
 * (the demo's claims share names it, decision 0144).
 */
export async function seedEvaluateClaimsFile(
  db: Kysely<DB>,
  context: SeedContext,
  opportunityNos: readonly number[],
): Promise<number | undefined> {
  const analyst = context.userNos.get('financialAnalyst');
  if (analyst === undefined || opportunityNos.length === 0) return undefined;
  const crm = crmSeedOpportunities(context).slice(0, EVALUATE_SEED.imported);
  const size = (i: number) => crm[i]?.employees ?? Number.MAX_SAFE_INTEGER;
  let chosen = 0;
  for (let i = 2; i < Math.min(crm.length, opportunityNos.length); i += 2)
    if (size(i) < size(chosen)) chosen = i;
  const opportunity = crm[chosen]!;
  const random = context.randomFor('evaluate-claims-file');
  const members = opportunity.members ?? Math.round((opportunity.employees ?? 500) * 2.2);
  const months = demoMonths(members);
  const rows = demoClaimRows(random, members, months, context.today);
  const slug = opportunity.employer.name.replace(/[^A-Za-z0-9]+/g, '_');
  await seedClaimsFile(db, analyst, opportunityNos[chosen]!, {
    id: random.uuid(),
    name: `${slug}_Rx_Claims_${months}mo.csv`,
    content: toCsv(
      HEADER,
      rows.map((r) => r.map((v, i) => (i === 2 ? usDate(String(v)) : v))),
    ),
    mappedName: `${slug}_Rx_Claims_${months}mo_mapped.csv`,
    mapped: toCsv(MAPPED_HEADER, rows),
  });
  return opportunityNos[chosen];
}
