import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../database.ts';
import { addDays, addYears, type SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * Coverages for the members of the demo organizations: each employee has a current coverage in
 * their organization's pharmacy plan, and some have a prior plan, a same-name duplicate (a
 * re-enrollment, which the member page lists under prior) or a second plan. Each organization has
 * one pharmacy-benefit manager whose routing (RxBIN, RxPCN) and phones its cards carry, and
 * decides whether its plans offer temp cards and new card requests. Deterministic from
 * randomFor('coverages').
 *
 * Only the first DEMO_ORGANIZATIONS organizations get coverages: the demo has 48, so all of
 * them; benchmark seeds of thousands of organizations and a million members keep this cheap
 * and their member pages simply show no coverage.
 */

const DEMO_ORGANIZATIONS = 48;
const BATCH_SIZE = 1_000;
const ANCHOR_ORGANIZATIONS = 3;

/** Fictional routing: the real BINs belong to real processors. */
const PBMS = [
  { bin: '610901', pcn: 'PLRCORE', service: '1-800-555-0142', helpDesk: '1-800-555-0143' },
  { bin: '004412', pcn: 'RXPILLAR', service: '1-866-555-0176', helpDesk: '1-866-555-0177' },
  { bin: '017345', pcn: 'PBMRX01', service: '1-888-555-0119', helpDesk: '1-888-555-0120' },
] as const;

const PLAN_NAMES = [
  'Rx Core PPO',
  'Rx Plus',
  'Rx Value HDHP',
  'Rx Premier',
  'Rx Essentials',
  'Rx Select',
] as const;
const SECOND_PLANS = ['Specialty Rx', 'Mail Order Rx'] as const;

interface OrgPlan {
  pbm: (typeof PBMS)[number];
  plan: string;
  priorPlan: string;
  vendorGroup: string;
  rxGrp: string;
  tempCards: boolean;
  newCards: boolean;
}

function orgPlan(random: SeededRandom): OrgPlan {
  const plan = random.pick(PLAN_NAMES);
  let priorPlan = random.pick(PLAN_NAMES);
  if (priorPlan === plan)
    priorPlan = PLAN_NAMES[(PLAN_NAMES.indexOf(plan) + 1) % PLAN_NAMES.length]!;
  return {
    pbm: random.pick(PBMS),
    plan,
    priorPlan,
    vendorGroup: `VG${random.digits(6)}`,
    rxGrp: `RX${random.digits(5)}`,
    // Most plans offer both; a few organizations' do not, so the member page shows both cases.
    tempCards: random.chance(0.85),
    newCards: random.chance(0.8),
  };
}

export async function seedCoverages(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const random = context.randomFor('coverages');
  const organizations = context.organizations.slice(0, DEMO_ORGANIZATIONS);
  if (organizations.length === 0) return;
  const plans = new Map(
    organizations.map((o, index) => {
      const plan = orgPlan(random);
      // The anchor organizations the tests and the demo walk-through use offer both.
      if (index < ANCHOR_ORGANIZATIONS) Object.assign(plan, { tempCards: true, newCards: true });
      return [o.organization_no, plan] as const;
    }),
  );

  const employees = await db
    .selectFrom('employee as e')
    .innerJoin('benefit_group as g', 'g.benefit_group_no', 'e.benefit_group_no')
    .select([
      'e.employee_no',
      'e.organization_no',
      'e.effective_date',
      'e.expiration_date',
      'g.benefit_group_id',
    ])
    .where(
      'e.organization_no',
      'in',
      organizations.map((o) => o.organization_no),
    )
    .orderBy('e.employee_no')
    .execute();

  let rows: Insertable<DB['coverage']>[] = [];
  const flush = async () => {
    if (rows.length) await db.insertInto('coverage').values(rows).execute();
    rows = [];
  };
  for (const e of employees) {
    const p = plans.get(e.organization_no)!;
    const base = {
      employee_no: e.employee_no,
      organization_no: e.organization_no,
      group_id: e.benefit_group_id,
      rx_bin: p.pbm.bin,
      rx_pcn: p.pbm.pcn,
      rx_grp: p.rxGrp,
      customer_service_phone: p.pbm.service,
      help_desk_phone: p.pbm.helpDesk,
      group_number: p.vendorGroup,
      supports_temp_card: p.tempCards,
      supports_new_card_request: p.newCards,
    };
    const alternateId = random.chance(0.6) ? `A${random.digits(9)}` : null;
    const contract = random.chance(0.5) ? `C${random.digits(6)}` : null;
    const expiration =
      e.expiration_date && e.expiration_date >= e.effective_date ? e.expiration_date : null;
    rows.push({
      ...base,
      name: p.plan,
      alternate_id: alternateId,
      hdhp: p.plan.includes('HDHP'),
      contract_number: contract,
      effective_date: e.effective_date,
      expiration_date: expiration,
    });
    const roll = random.next();
    if (roll < 0.35) {
      // The plan before the current one, ended the day before it began.
      const end = addDays(e.effective_date, -1);
      rows.push({
        ...base,
        name: p.priorPlan,
        alternate_id: alternateId,
        hdhp: p.priorPlan.includes('HDHP'),
        contract_number: contract,
        effective_date: addYears(e.effective_date, -random.int(1, 4)),
        expiration_date: end,
      });
    } else if (roll < 0.47) {
      // A re-enrollment left open in the PBM's file: same plan, older start, no end.
      rows.push({
        ...base,
        name: p.plan,
        alternate_id: alternateId,
        hdhp: p.plan.includes('HDHP'),
        contract_number: contract,
        effective_date: addYears(e.effective_date, -random.int(1, 3)),
        expiration_date: null,
      });
    } else if (roll < 0.57 && !expiration) {
      const second = random.pick(SECOND_PLANS);
      rows.push({
        ...base,
        name: second,
        alternate_id: null,
        hdhp: false,
        contract_number: null,
        effective_date: addDays(context.today, -random.int(30, 700)),
        expiration_date: null,
        // Specialty and mail-order plans ship their own cards.
        supports_temp_card: false,
        supports_new_card_request: random.chance(0.5),
      });
    }
    if (rows.length >= BATCH_SIZE) await flush();
  }
  await flush();
  await sql`analyze coverage`.execute(db);
}
