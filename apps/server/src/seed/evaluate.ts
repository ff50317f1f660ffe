import type { Kysely } from 'kysely';
import { CONTRACT_TERMS, SSG_OR_DSG, type IncumbentContractInput } from '@pillar/domain';
import type { DB } from '../database.ts';
import { createBuiltInCrm } from '../integrations/crm/builtin-crm.ts';
import { insertCrmOpportunities, type CrmSeedOpportunity } from '../integrations/crm/crm.repo.ts';
import { createOpportunity, saveContract } from '../modules/evaluate/index.ts';
import { EMPLOYER_KINDS, PLACES } from './names.ts';
import { addDays } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * Demo evaluate data (issue 18, decision 0114): the built-in CRM holds 50 opportunities; 30 of
 * them are imported as prospect opportunities, three in each of the ten stages, owned and
 * analysed by several people (the financial analyst persona owns or analyses a third); the other
 * 20 wait in the CRM for 'Find Opportunity in SalesForce'. Half of the imported ones have the
 * incumbent's full contract terms, saved through the module (so the history is real), the first
 * few twice (two versions to compare). Deterministic from the context's seed.
 */

export const EVALUATE_SEED = { crmOpportunities: 50, imported: 30 } as const;

const PBMS = [
  'CVS Caremark',
  'OptumRx',
  'Express Scripts',
  'Navitus',
  'MedImpact',
  'Prime Therapeutics',
];
const TPAS = ['Meritain Health', 'UMR', 'HealthSCOPE Benefits', 'Allied Benefit Systems', null];
const MED_VENDORS = ['Aetna', 'Cigna', 'UnitedHealthcare', 'Blue Cross Blue Shield', 'Anthem'];
const BROKERS = [
  'Gallagher Benefit Services',
  'Lockton Companies',
  'USI Insurance Services',
  'NFP Corp',
  'Alera Group',
];
const STRATEGIC_GROUPS = ['Public Sector', 'Mid-Market', 'Jumbo', 'Taft-Hartley', null];
const SPAS = ['Ruth Calloway', 'Dev Patel', 'Hannah Brooks', null];

interface CrmPersonSeed {
  sfId: string;
  name: string;
  email: string;
}

/**
 * 18-character Salesforce-style IDs: the object's key prefix, a counter within the first 15
 * characters (the case-sensitive ID that names the record), and a 3-character suffix.
 */
const sfId = (prefix: string, n: number) => `${prefix}PIL${String(n).padStart(9, '0')}AAA`;

function people(): { owners: CrmPersonSeed[]; analysts: CrmPersonSeed[] } {
  const person = (n: number, name: string, email: string) => ({
    sfId: sfId('005', n),
    name,
    email,
  });
  const mei = person(1, 'Mei Chen', 'financial.analyst@pillar.example');
  const ada = person(2, 'Ada Lovelace', 'admin@pillar.example');
  return {
    owners: [
      mei,
      ada,
      person(3, 'Grace Holloway', 'grace.holloway@pillar.example'),
      person(4, 'Tomas Rivera', 'tomas.rivera@pillar.example'),
      person(5, 'Nadia Petrov', 'nadia.petrov@pillar.example'),
    ],
    analysts: [mei, person(6, 'Oliver Grant', 'oliver.grant@pillar.example'), ada],
  };
}

/** The CRM's opportunities: the first EVALUATE_SEED.imported get imported. */
export function crmSeedOpportunities(context: SeedContext): CrmSeedOpportunity[] {
  const random = context.randomFor('evaluate');
  const pick = <T>(items: readonly T[]): T => items[random.int(0, items.length - 1)]!;
  const { owners, analysts } = people();
  const brokers = BROKERS.map((name, i) => ({ sfId: sfId('001', 900 + i), name }));
  const result: CrmSeedOpportunity[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < EVALUATE_SEED.crmOpportunities; i++) {
    let employer = `${pick(PLACES)} ${pick(EMPLOYER_KINDS)}`;
    while (usedNames.has(employer)) employer = `${pick(PLACES)} ${pick(EMPLOYER_KINDS)}`;
    usedNames.add(employer);
    const employees = random.int(150, 12_000);
    const hasNpi = random.chance(0.4);
    const hasNabp = !hasNpi && random.chance(0.5);
    result.push({
      sfId: sfId('006', i + 1),
      name: `${employer} - PBM RFP ${2026 + (i % 2)}`,
      employer: { sfId: sfId('001', i + 1), name: employer },
      broker: random.chance(0.85) ? pick(brokers) : null,
      // Every third owned by the financial analyst persona; analysts round-robin.
      owner: i % 3 === 0 ? owners[0]! : owners[1 + (i % 4)]!,
      fa: analysts[i % analysts.length]!,
      spa: pick(SPAS),
      stage: i % 10,
      employees,
      members: Math.round(employees * (1.8 + random.int(0, 9) / 10)),
      incumbentPbm: pick(PBMS),
      tpa: pick(TPAS),
      medVendor: pick(MED_VENDORS),
      targetEffectiveDate: `${2027 + (i % 2)}-${String(1 + (i % 12)).padStart(2, '0')}-01`,
      erisa: random.chance(0.7),
      strategicGroup: pick(STRATEGIC_GROUPS),
      inHousePharmacyName: hasNpi || hasNabp ? `${employer} Employee Pharmacy` : null,
      npiNumber: hasNpi ? String(random.int(1_000_000, 1_999_999_999)) : null,
      nabpNumber: hasNabp ? String(random.int(10_000, 9_999_999)) : null,
      analysisDueFromFA: addDays(context.today, 7 + i),
      analysisDueDate: addDays(context.today, 14 + i),
    });
  }
  return result;
}

/** Full incumbent terms: discounts as a PBM quotes them, fees in dollars, rebates per claim. */
function contractFor(context: SeedContext, n: number): IncumbentContractInput {
  const random = context.randomFor(`evaluate-contract-${n}`);
  const cents = (min: number, max: number) => random.int(min * 100, max * 100) / 100;
  const values: Record<string, number> = {
    retailBrand: cents(15, 21),
    retailGeneric: cents(75, 88),
    retailGuarantee: cents(78, 86),
    retailFee: cents(0, 1.5),
    r90Brand: cents(19, 24),
    r90Generic: cents(80, 90),
    r90Guarantee: cents(82, 89),
    r90Fee: cents(0, 1),
    mailBrand: cents(22, 27),
    mailGeneric: cents(82, 92),
    mailGuarantee: cents(84, 90),
    mailFee: 0,
    specialtyAwp: cents(17, 22),
    specialtyGeneric: cents(40, 60),
    specialtyLD: cents(10, 16),
    specialtyMailDispFee: cents(0, 2),
    specialtyRetailDispFee: cents(0, 2),
    rebateRetail: cents(180, 320),
    rebateRetail90: cents(450, 800),
    rebateMail: cents(500, 900),
    rebateSpecialty: cents(1200, 2600),
  };
  return {
    contractTermLength: 1 + (n % 5),
    contractEffDate: `${2024 + (n % 3)}-01-01`,
    ssgOrDsg: SSG_OR_DSG[n % SSG_OR_DSG.length]!,
    discounts: CONTRACT_TERMS.map((t) => ({ code: t.code, value: values[t.code] ?? null })),
  };
}

/**
 * Seeds the built-in CRM and imports the first 30 through the module, as the financial analyst
 * persona. Returns the prospect opportunities' numbers in import order (the incumbent seed adds
 * fees, credits, renewals and the rest to them).
 */
export async function seedEvaluate(db: Kysely<DB>, context: SeedContext): Promise<number[]> {
  const crmRecords = crmSeedOpportunities(context);
  await insertCrmOpportunities(db, crmRecords);
  const analyst = context.userNos.get('financialAnalyst');
  if (analyst === undefined) return [];
  const actor = { userNo: analyst };
  const crm = createBuiltInCrm(db);
  const ids: number[] = [];
  for (const [i, record] of crmRecords.slice(0, EVALUATE_SEED.imported).entries()) {
    const opportunity = await createOpportunity(db, crm, actor, record.sfId);
    ids.push(opportunity.id);
    // Half with full terms; the first five saved twice (an earlier assumption, then today's).
    if (i % 2 === 0) {
      const contract = contractFor(context, i);
      if (i < 10) {
        const earlier = {
          ...contract,
          discounts: contract.discounts.map((d) =>
            d.code === 'retailBrand' && d.value !== null
              ? { ...d, value: Math.round((d.value - 1.5) * 100) / 100 }
              : d,
          ),
        };
        await saveContract(db, actor, opportunity.id, earlier);
      }
      await saveContract(db, actor, opportunity.id, contract);
    }
  }
  return ids;
}
