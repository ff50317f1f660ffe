import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../database.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';
import { addDays, addYears, type SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * Plan information for the demo organizations (issue 12): group information (contacts,
 * formulary and DAW, programs, materials, plan notes, plan changes), the plan benefit content
 * the PBC document prints, and appointments of representative for some members of the anchor
 * organizations, expired and current. Deterministic from randomFor('plan-info').
 *
 * Every demo organization has group information; a terminated organization's plan content has
 * ended and one in eleven organizations has none on file, so 'PBC not available' shows too.
 * Benchmark seeds of thousands of organizations only get the first DEMO_ORGANIZATIONS.
 */

const DEMO_ORGANIZATIONS = 48;
const ANCHOR_ORGANIZATIONS = 3;

const BROKERAGE_FIRMS = [
  'Marsh & McLennan Agency',
  'Gallagher Benefit Services',
  'USI Insurance Services',
  'Lockton Companies',
  'Hub International',
  'NFP Corp.',
] as const;
const MEDICAL_VENDORS = [
  'Apex Medical Plans',
  'BlueRiver Health',
  'Meridian Health Network',
  'Keystone Medical Alliance',
] as const;
const FORMULARIES = [
  'National Preferred Formulary: open; non-preferred brands cover at tier 3.',
  'Pillar Standard Formulary: open, with generics first; excluded drugs have covered alternatives.',
  'Value Formulary: closed; drugs outside it need a formulary exception.',
] as const;
const DAW_RULES = [
  'DAW 1 (prescriber requires brand) covered at the brand copay. DAW 2 (member requests brand when a generic exists): the member pays the generic copay plus the cost difference.',
  'Generic substitution is mandatory. DAW 1 needs a prior authorization; DAW 2 pays the brand/generic cost difference on top of the generic copay.',
  'DAW 1 and DAW 2 both cover at the brand copay; no cost difference is charged.',
] as const;
const PROGRAMS = [
  ['Mail Order', 'Maintenance drugs by mail in 90-day supplies from the home delivery pharmacy.'],
  [
    'Specialty Pharmacy',
    'Specialty drugs through the specialty pharmacy only, after the first retail fill.',
  ],
  ['Step Therapy', 'A first-line drug is tried before selected second-line drugs are covered.'],
  ['Quantity Limits', 'Quantities above the plan limit per fill need a prior authorization.'],
  ['Diabetes Care Value', 'Preferred insulins and test strips at $0 copay.'],
  ['Vaccine Network', 'Adult vaccines at participating pharmacies with no cost share.'],
  ['Maintenance Choice', 'Maintenance drugs in 90-day supplies at retail or by mail.'],
] as const;
const MATERIALS = [
  ['Summary of Benefits', 'Benefit Summary', 'The pharmacy benefit at a glance, for members.'],
  ['Formulary Guide', 'Formulary', 'Covered drugs by class and tier.'],
  ['Member Welcome Kit', 'Member Guide', 'ID card, pharmacy network and mail order sign-up.'],
  ['Specialty Drug List', 'Formulary', 'Drugs filled through the specialty pharmacy.'],
  ['Mail Order Form', 'Form', 'The paper order form for home delivery.'],
  ['Prior Authorization Criteria', 'Clinical', 'The criteria reviewers apply, by drug.'],
] as const;
const NOTES = [
  'Client approved an override for vacation supplies: one early refill per year.',
  'Group requests that agents offer mail order on every maintenance drug call.',
  'Open enrollment runs 11/01 to 11/30; new cards mail the first week of December.',
  'COBRA members keep the same plan and copays; eligibility comes from the TPA weekly.',
  'HR contact asks that appeals be escalated to the account manager, not the member portal.',
  'Specialty pharmacy transition completed; members received letters 60 days before.',
] as const;
const CHANGES = [
  'Tier 2 retail copay increased from $30 to $35.',
  'GLP-1 weight-loss drugs removed from coverage; diabetes use still covered with PA.',
  'Mail order made mandatory for maintenance drugs after two retail fills.',
  'Out-of-pocket maximum raised to $4,000 single / $8,000 family.',
  'Specialty copay changed to 20% coinsurance with a $250 maximum.',
  'Preventive drug list added at $0 for HDHP members.',
] as const;
const STREETS = ['Maple Ave', 'Oak St', 'Lakeview Dr', 'Main St', 'Cedar Ln', 'Hillcrest Rd'];
const CITIES = [
  ['Dayton', 'OH', '45402'],
  ['Springfield', 'IL', '62701'],
  ['Harrisburg', 'PA', '17101'],
  ['Madison', 'WI', '53703'],
] as const;

function person(random: SeededRandom): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
}

function some<T>(random: SeededRandom, items: readonly T[], min: number, max: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  const count = Math.min(pool.length, random.int(min, max));
  while (out.length < count) out.push(pool.splice(random.int(0, pool.length - 1), 1)[0]!);
  return out;
}

interface Tier {
  name: string;
  retail: string;
  mail: string;
  coinsurance: string | null;
}

function tiersOf(random: SeededRandom, hdhp: boolean): Tier[] {
  if (hdhp) {
    return [
      { name: 'Preventive generics', retail: '$0', mail: '$0', coinsurance: null },
      {
        name: 'Generic',
        retail: 'Deductible, then $10',
        mail: 'Deductible, then $20',
        coinsurance: null,
      },
      {
        name: 'Preferred brand',
        retail: 'Deductible, then 20%',
        mail: 'Deductible, then 20%',
        coinsurance: '20%',
      },
      {
        name: 'Non-preferred brand',
        retail: 'Deductible, then 40%',
        mail: 'Deductible, then 40%',
        coinsurance: '40%',
      },
    ];
  }
  const generic = random.pick([5, 10, 15]);
  const preferred = random.pick([25, 30, 35, 40]);
  const nonPreferred = random.pick([50, 60, 70]);
  return [
    { name: 'Generic', retail: `$${generic}`, mail: `$${generic * 2}`, coinsurance: null },
    {
      name: 'Preferred brand',
      retail: `$${preferred}`,
      mail: `$${preferred * 2}`,
      coinsurance: null,
    },
    {
      name: 'Non-preferred brand',
      retail: `$${nonPreferred}`,
      mail: `$${nonPreferred * 2}`,
      coinsurance: random.chance(0.5) ? '30% (min $50, max $100)' : null,
    },
    {
      name: 'Specialty',
      retail: 'Not covered at retail',
      mail: '20% up to $250',
      coinsurance: '20%',
    },
  ];
}

export async function seedPlanInfo(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const random = context.randomFor('plan-info');
  const organizations = context.organizations.slice(0, DEMO_ORGANIZATIONS);
  const year = Number(context.today.slice(0, 4));

  for (const [index, org] of organizations.entries()) {
    const formularyIndex = random.int(0, FORMULARIES.length - 1);
    const dawIndex = random.int(0, DAW_RULES.length - 1);
    const planNo = `RX${String(org.organization_no).padStart(5, '0')}-${random.digits(2)}`;
    await db
      .insertInto('group_info')
      .values({
        organization_no: org.organization_no,
        account_manager: person(random),
        strategic_account_executive: random.chance(0.8) ? person(random) : null,
        brokerage_firm: random.chance(0.85) ? random.pick(BROKERAGE_FIRMS) : null,
        medical_vendor: random.pick(MEDICAL_VENDORS),
        plan_no: planNo,
        formulary: FORMULARIES[formularyIndex]!,
        dispense_as_written: DAW_RULES[dawIndex]!,
        created_by: null,
      })
      .execute();

    const programs = some(random, PROGRAMS, 2, 5);
    await db
      .insertInto('group_info_program')
      .values(
        programs.map(([name, description]) => ({
          organization_no: org.organization_no,
          name,
          description,
          created_by: null,
        })),
      )
      .execute();

    const materials = some(random, MATERIALS, 2, 5);
    await db
      .insertInto('group_info_material')
      .values(
        materials.map(([title, category, description]) => ({
          organization_no: org.organization_no,
          title,
          category,
          description,
          updated_date: addDays(context.today, -random.int(10, 700)),
          created_by: null,
        })),
      )
      .execute();

    const notes = some(random, NOTES, 1, 4);
    await db
      .insertInto('group_info_plan_note')
      .values(
        notes.map((note) => ({
          organization_no: org.organization_no,
          note,
          note_date: addDays(context.today, -random.int(1, 540)),
          author_name: person(random),
          created_by: null,
        })),
      )
      .execute();

    const changes = some(random, CHANGES, 1, 3);
    await db
      .insertInto('group_info_plan_change')
      .values(
        changes.map((description) => ({
          organization_no: org.organization_no,
          effective_date: `${year - random.int(0, 2)}-${random.pick(['01-01', '04-01', '07-01'])}`,
          description,
          created_by: null,
        })),
      )
      .execute();

    // Plan benefit content: none on file for one organization in eleven (never an anchor);
    // last year's content ends for a terminated organization, so neither shows a PBC today.
    if (index >= ANCHOR_ORGANIZATIONS && index % 11 === 10) continue;
    const hdhp = random.chance(0.25);
    const planName = `${random.pick(['Rx Core PPO', 'Rx Plus', 'Rx Premier', 'Rx Select', 'Rx Essentials'])}${hdhp ? ' HDHP' : ''}`;
    const terminated = org.process_status === 9;
    const versions = terminated
      ? [{ effective: `${year - 2}-01-01`, expiration: `${year - 2}-12-31` }]
      : [
          { effective: `${year - 1}-01-01`, expiration: `${year - 1}-12-31` },
          { effective: `${year}-01-01`, expiration: null },
        ];
    for (const version of versions) {
      const pbc = await db
        .insertInto('plan_benefit_content')
        .values({
          organization_no: org.organization_no,
          plan_name: `${version.effective.slice(0, 4)} ${planName}`,
          effective_date: version.effective,
          expiration_date: version.expiration,
          formulary: FORMULARIES[formularyIndex]!,
          daw_rule: DAW_RULES[dawIndex]!,
          deductible: hdhp
            ? '$1,600 single / $3,200 family (medical and pharmacy combined)'
            : random.chance(0.3)
              ? '$100 per member (brands only)'
              : null,
          out_of_pocket_max: random.pick([
            '$2,500 single / $5,000 family',
            '$3,500 single / $7,000 family',
            '$4,000 single / $8,000 family',
          ]),
          created_by: null,
        })
        .returning('pbc_no')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('plan_benefit_tier')
        .values(
          tiersOf(random, hdhp).map((t, i) => ({
            pbc_no: pbc.pbc_no,
            tier: i + 1,
            name: t.name,
            retail_copay: t.retail,
            mail_copay: t.mail,
            coinsurance: t.coinsurance,
            created_by: null,
          })),
        )
        .execute();
    }
  }

  await seedAors(db, context, random);
}

/**
 * AORs for some members of the anchor organizations: a current one, an expired one, a member
 * with both (a renewal), and a dependent's. The member ID is the subscriber's (employee's)
 * generated ID, as printed on the card.
 */
async function seedAors(db: Kysely<DB>, context: SeedContext, random: SeededRandom): Promise<void> {
  const anchors = context.organizations
    .slice(0, ANCHOR_ORGANIZATIONS)
    .map((o) => o.organization_no);
  if (anchors.length === 0) return;
  const aors: Insertable<DB['aor_signature']>[] = [];
  const address = () => {
    const [city, state, zip] = random.pick(CITIES);
    return `${random.int(100, 9899)} ${random.pick(STREETS)}, ${city}, ${state} ${zip}`;
  };
  for (const organizationNo of anchors) {
    const employees = await db
      .selectFrom('employee')
      .select(['employee_no', 'organization_no', 'generated_id', 'birthdate', 'last_name'])
      .where('organization_no', '=', organizationNo)
      .orderBy('employee_no')
      .limit(12)
      .execute();
    for (const [i, e] of employees.entries()) {
      // Every third member: current (within the year), expired (over a year ago), or both.
      const kind = i % 3;
      const base = {
        organization_no: e.organization_no,
        employee_no: e.employee_no,
        dependent_no: null,
        member_id: e.generated_id,
        member_dob: e.birthdate,
        created_by: null,
      };
      if (kind === 0 || kind === 2) {
        aors.push({
          ...base,
          representative_name: `${random.pick(FIRST_NAMES)} ${e.last_name}`,
          representative_address: address(),
          member_sign_date: addDays(context.today, -random.int(20, 300)),
        });
      }
      if (kind === 1 || kind === 2) {
        aors.push({
          ...base,
          representative_name: person(random),
          representative_address: address(),
          member_sign_date: addDays(addYears(context.today, -1), -random.int(10, 400)),
        });
      }
    }
    const dependent = await db
      .selectFrom('dependent')
      .select(['dependent_no', 'employee_no', 'birthdate'])
      .where('organization_no', '=', organizationNo)
      .where('employee_no', 'in', employees.length > 0 ? employees.map((e) => e.employee_no) : [0])
      .orderBy('dependent_no')
      .limit(1)
      .executeTakeFirst();
    const subscriber = dependent && employees.find((e) => e.employee_no === dependent.employee_no);
    if (dependent && subscriber) {
      aors.push({
        organization_no: organizationNo,
        employee_no: dependent.employee_no,
        dependent_no: dependent.dependent_no,
        member_id: subscriber.generated_id,
        member_dob: dependent.birthdate,
        representative_name: `${random.pick(FIRST_NAMES)} ${subscriber.last_name}`,
        representative_address: address(),
        member_sign_date: addDays(context.today, -random.int(20, 200)),
        created_by: null,
      });
    }
  }
  if (aors.length > 0) await db.insertInto('aor_signature').values(aors).execute();
}
