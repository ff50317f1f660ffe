import type { Insertable, Kysely } from 'kysely';
import { DISTRIBUTION_METHODS, INCENTIVE_PROGRAM_KEYS, ROLE_DEFINITIONS } from '@pillar/domain';
import type { DB } from '../database.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';
import { addDays, type SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/** Money is built in whole cents and written as numeric(14,2) text: no float ever rounds it. */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const FEE_NAMES = [
  'Administrative Fee (PEPM)',
  'Clinical Program Fee',
  'Specialty Management Fee',
  'Rebate Administration Fee',
  'COBRA Administration Fee',
  'Prior Authorization Review Fee',
];
const DIVISION_NAMES = [
  'Headquarters',
  'Field Operations',
  'Retirees',
  'Seasonal Staff',
  'North Plant',
  'South Plant',
];
const PACKAGE_NAMES = ['Standard Rx', 'Enhanced Rx', 'HDHP Rx', 'Retiree Rx', 'Union Rx'];
const PLAN_NAMES = [
  'Commercial Rx PPO',
  'Commercial Rx HMO',
  'High Deductible Rx',
  'Retiree EGWP',
  'Specialty Carve-out',
  'Union Welfare Rx',
  'COBRA Continuation Rx',
  'Mail Order Maintenance',
];
const INVOICE_CONFIG_NAMES = [
  'Monthly Administrative Invoice',
  'Weekly Claims Invoice',
  'Retiree Invoice',
  'Specialty Claims Invoice',
];
const LOCATION_KINDS = ['Main Office', 'Benefits Office', 'Payroll Center', 'Regional Office'];
const CITIES: readonly (readonly [string, string, string])[] = [
  ['Springfield', 'IL', '62701'],
  ['Columbus', 'OH', '43215'],
  ['Madison', 'WI', '53703'],
  ['Harrisburg', 'PA', '17101'],
  ['Albany', 'NY', '12207'],
  ['Raleigh', 'NC', '27601'],
  ['Austin', 'TX', '78701'],
  ['Boise', 'ID', '83702'],
];
const STREETS = ['Main St', 'Oak Ave', 'Commerce Dr', 'Industrial Pkwy', 'River Rd', 'Market St'];
const DRUGS: readonly (readonly [string, string, number])[] = [
  // name, NDC, ingredient cost per unit in cents
  ['Atorvastatin 20 mg tablet', '00093-5057-01', 9],
  ['Lisinopril 10 mg tablet', '68180-0513-01', 6],
  ['Metformin ER 500 mg tablet', '00378-7185-01', 11],
  ['Levothyroxine 50 mcg tablet', '00378-1803-01', 14],
  ['Amlodipine 5 mg tablet', '00093-7167-01', 5],
  ['Sertraline 50 mg tablet', '16714-0612-01', 12],
  ['Albuterol HFA inhaler', '00173-0682-20', 2950],
  ['Insulin glargine pen', '00088-2219-05', 8400],
  ['Omeprazole 20 mg capsule', '62175-0118-37', 10],
  ['Adalimumab 40 mg/0.8 mL pen', '00074-4339-02', 345000],
];
const PHARMACIES = [
  'Main Street Pharmacy',
  'CityCare Drug #114',
  'HealthMart Pharmacy',
  'Mail Service Pharmacy',
  'Riverside Specialty Pharmacy',
];

async function insertInBatches<T extends keyof DB>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
  size = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
  }
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function shuffled<T>(random: SeededRandom, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function phone(random: SeededRandom): string {
  return `${random.int(201, 989)}-${random.int(200, 999)}-${random.digits(4)}`;
}

/** The first day of the month `monthsBack` months before `today`'s month. */
function monthStart(today: string, monthsBack: number): string {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return d.toISOString().slice(0, 10);
}

const audit = { created_by: null, updated_by: null } as const;

/**
 * Demo data of the organization workspace; deterministic from the context's seed. Benchmark
 * scales (more than 500 organizations) get fewer invoices, claims and users per organization so
 * that seeding 10,000 organizations stays quick, with the same shape.
 */
export async function seedOrganizationWorkspace(
  db: Kysely<DB>,
  context: SeedContext,
): Promise<void> {
  const random = context.randomFor('workspace');
  const large = context.organizations.length > 500;
  const today = context.today;

  const groups = await db
    .selectFrom('benefit_group')
    .select(['benefit_group_no', 'organization_no', 'effective_date', 'expiration_date'])
    .orderBy('benefit_group_no')
    .execute();
  const groupsByOrg = new Map<number, typeof groups>();
  for (const g of groups) {
    const list = groupsByOrg.get(g.organization_no) ?? [];
    list.push(g);
    groupsByOrg.set(g.organization_no, list);
  }
  const divisionOrgs = new Set(
    (
      await db
        .selectFrom('organization')
        .select('organization_no')
        .where('supports_divisions', '=', true)
        .execute()
    ).map((o) => o.organization_no),
  );

  const fees: Insertable<DB['group_fee']>[] = [];
  const divisions: Insertable<DB['division']>[] = [];
  const programs: Insertable<DB['benefit_group_incentive_program']>[] = [];
  const packages: Insertable<DB['benefit_package']>[] = [];
  const plans: Insertable<DB['plan']>[] = [];
  const configs: Insertable<DB['invoice_config']>[] = [];
  const locations: Insertable<DB['location']>[] = [];
  const subsidies: Insertable<DB['med_d_subsidy']>[] = [];

  for (const [index, org] of context.organizations.entries()) {
    const orgGroups = groupsByOrg.get(org.organization_no) ?? [];
    for (const group of orgGroups) {
      // An earlier fee that ended and its successor, plus sometimes an open second fee.
      const [first, second] = shuffled(random, FEE_NAMES);
      const amount = random.int(150, 1200);
      const change = addDays(today, -random.int(60, 700));
      const start = group.effective_date < change ? group.effective_date : addDays(change, -365);
      fees.push({
        organization_no: org.organization_no,
        benefit_group_no: group.benefit_group_no,
        name: first!,
        effective_date: start,
        expiration_date: addDays(change, -1),
        fee_amount: centsToMoney(amount),
        ...audit,
      });
      fees.push({
        organization_no: org.organization_no,
        benefit_group_no: group.benefit_group_no,
        name: first!,
        effective_date: change,
        expiration_date:
          group.expiration_date && group.expiration_date > change ? group.expiration_date : null,
        fee_amount: centsToMoney(amount + random.int(10, 150)),
        ...audit,
      });
      if (random.chance(0.5)) {
        fees.push({
          organization_no: org.organization_no,
          benefit_group_no: group.benefit_group_no,
          name: second!,
          effective_date: change,
          expiration_date: null,
          fee_amount: centsToMoney(random.int(25, 900)),
          ...audit,
        });
      }
      if (divisionOrgs.has(org.organization_no)) {
        const count = random.int(1, 3);
        for (const [n, name] of shuffled(random, DIVISION_NAMES).slice(0, count).entries()) {
          divisions.push({
            organization_no: org.organization_no,
            benefit_group_no: group.benefit_group_no,
            division_id: `D${String(n + 1).padStart(2, '0')}`,
            division_name: name,
            effective_date: group.effective_date,
            ...audit,
          });
        }
      }
      for (const program of shuffled(random, INCENTIVE_PROGRAM_KEYS).slice(0, random.int(0, 4))) {
        programs.push({
          organization_no: org.organization_no,
          benefit_group_no: group.benefit_group_no,
          program,
          mandatory: random.chance(0.25),
          ...audit,
        });
      }
    }

    for (const [n, name] of shuffled(random, PACKAGE_NAMES).slice(0, random.int(2, 4)).entries()) {
      packages.push({
        organization_no: org.organization_no,
        benefit_package_id: `BP${String(org.organization_no).padStart(5, '0')}-${n + 1}`,
        name,
        process_status: n > 1 && random.chance(0.3) ? 9 : 1,
        effective_date: org.effective_date,
        ...audit,
      });
    }

    const planYear = Number(today.slice(0, 4));
    for (const name of shuffled(random, PLAN_NAMES).slice(0, random.int(3, large ? 5 : 8))) {
      const termed = org.process_status === 9 || random.chance(0.25);
      const year = termed ? planYear - random.int(1, 4) : planYear + random.int(0, 1);
      plans.push({
        organization_no: org.organization_no,
        plan_name: `${year} ${name}`,
        plan_status: termed ? 9 : 1,
        effective_date: `${year}-01-01`,
        expiration_date: !termed && random.chance(0.2) ? null : `${year}-12-31`,
        ...audit,
      });
    }

    // The first organizations have two configurations, one with the claim extract and one
    // without, so both can be shown and tested.
    const configCount = index < 3 ? 2 : random.int(1, 3);
    for (const [n, name] of shuffled(random, INVOICE_CONFIG_NAMES)
      .slice(0, configCount)
      .entries()) {
      configs.push({
        organization_no: org.organization_no,
        name,
        distribution_method: random.pick(DISTRIBUTION_METHODS),
        supports_ice: index < 3 ? n === 0 : random.chance(0.4),
        ...audit,
      });
    }

    // Some organizations have no locations (the City of Northfield among them, for the tests).
    const locationCount =
      index === 2 ? 0 : index < 2 ? 2 : random.chance(0.25) ? 0 : random.int(1, 3);
    const domain = `${slug(org.name).slice(0, 24)}.example`;
    for (const kind of shuffled(random, LOCATION_KINDS).slice(0, locationCount)) {
      const [city, state, zip] = random.pick(CITIES);
      locations.push({
        organization_no: org.organization_no,
        name: kind,
        address1: `${random.int(10, 9800)} ${random.pick(STREETS)}`,
        address2: random.chance(0.4) ? `Suite ${random.int(100, 900)}` : null,
        city,
        state,
        zip,
        phone: phone(random),
        fax: random.chance(0.6) ? phone(random) : null,
        email: `${slug(kind)}@${domain}`,
        ...audit,
      });
    }

    // Med D subsidies only for some organizations: the first has records, the second none.
    const hasSubsidy = index === 0 || (index !== 1 && random.chance(0.3));
    if (hasSubsidy) {
      for (let n = 0; n < random.int(1, 3); n++) {
        subsidies.push({
          organization_no: org.organization_no,
          application_id: `RDS${random.digits(7)}`,
          application_date: addDays(today, -random.int(30, 1500)),
          uboi: random.chance(0.8) ? `UB${random.digits(6)}` : null,
          ...audit,
        });
      }
    }
  }

  await insertInBatches(db, 'group_fee', fees);
  await insertInBatches(db, 'division', divisions);
  await insertInBatches(db, 'benefit_group_incentive_program', programs);
  await insertInBatches(db, 'benefit_package', packages);
  await insertInBatches(db, 'plan', plans);
  await insertInBatches(db, 'invoice_config', configs);
  await insertInBatches(db, 'location', locations);
  await insertInBatches(db, 'med_d_subsidy', subsidies);

  await seedInvoices(db, context, random, groupsByOrg, large);
  await seedOrganizationUsers(db, context, random, large);
}

/**
 * Invoices with lines, claim summaries and claim details that agree: the summary is the sum of
 * the details per group, and the claims line of the invoice is the plan-paid total.
 */
async function seedInvoices(
  db: Kysely<DB>,
  context: SeedContext,
  random: SeededRandom,
  groupsByOrg: Map<number, { benefit_group_no: number }[]>,
  large: boolean,
): Promise<void> {
  const configs = await db
    .selectFrom('invoice_config')
    .select(['invoice_config_no', 'organization_no', 'name'])
    .orderBy('invoice_config_no')
    .execute();
  const invoices: Insertable<DB['invoice']>[] = [];
  const lines: Insertable<DB['invoice_line']>[] = [];
  const summaries: Insertable<DB['invoice_claim_summary']>[] = [];
  const details: Insertable<DB['invoice_claim_detail']>[] = [];
  let invoiceNo = 100_000;
  let claimNo = 0;
  const perConfig = large ? 4 : 12;

  for (const config of configs) {
    const groups = groupsByOrg.get(config.organization_no) ?? [];
    if (groups.length === 0) continue;
    const weekly = config.name.startsWith('Weekly');
    const members = random.int(40, 900);
    const pepm = random.int(150, 900);
    for (let n = perConfig; n >= 1; n--) {
      invoiceNo += random.int(1, 40);
      const periodStart = weekly
        ? addDays(context.today, -7 * n - 6)
        : monthStart(context.today, n);
      const periodEnd = weekly
        ? addDays(periodStart, 6)
        : addDays(monthStart(context.today, n - 1), -1);
      const invoiceDate = addDays(periodEnd, 1);
      const isTria = random.chance(0.25);

      const byGroup = new Map<
        number,
        {
          count: number;
          ingredient: number;
          dispensing: number;
          memberPaid: number;
          planPaid: number;
        }
      >();
      const claimCount = large ? random.int(2, 4) : random.int(6, 18);
      for (let c = 0; c < claimCount; c++) {
        const group = random.pick(groups).benefit_group_no;
        const [drug, ndc, unitCents] = random.pick(DRUGS);
        const expensive = unitCents > 1000;
        const quantity = expensive ? random.int(1, 2) : random.pick([30, 60, 90]);
        const ingredient = unitCents * quantity;
        const dispensing = random.int(50, 250);
        const memberPaid = Math.min(
          ingredient + dispensing,
          random.pick([500, 1000, 1500, 2500, 4000]),
        );
        const planPaid = ingredient + dispensing - memberPaid;
        claimNo += 1;
        details.push({
          invoice_no: invoiceNo,
          benefit_group_no: group,
          claim_number: `C${String(claimNo).padStart(9, '0')}`,
          fill_date: addDays(periodStart, random.int(0, weekly ? 6 : 27)),
          member_id: `M${random.digits(8)}`,
          member_name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
          drug_name: drug,
          ndc,
          pharmacy_name: random.pick(PHARMACIES),
          quantity: String(quantity),
          days_supply: expensive ? 28 : quantity,
          ingredient_cost: centsToMoney(ingredient),
          dispensing_fee: centsToMoney(dispensing),
          member_paid: centsToMoney(memberPaid),
          plan_paid: centsToMoney(planPaid),
          ...audit,
        });
        const sum = byGroup.get(group) ?? {
          count: 0,
          ingredient: 0,
          dispensing: 0,
          memberPaid: 0,
          planPaid: 0,
        };
        sum.count += 1;
        sum.ingredient += ingredient;
        sum.dispensing += dispensing;
        sum.memberPaid += memberPaid;
        sum.planPaid += planPaid;
        byGroup.set(group, sum);
      }
      let claimsTotal = 0;
      for (const [group, sum] of [...byGroup].sort((a, b) => a[0] - b[0])) {
        summaries.push({
          invoice_no: invoiceNo,
          benefit_group_no: group,
          claim_count: sum.count,
          ingredient_cost: centsToMoney(sum.ingredient),
          dispensing_fee: centsToMoney(sum.dispensing),
          member_paid: centsToMoney(sum.memberPaid),
          plan_paid: centsToMoney(sum.planPaid),
          ...audit,
        });
        claimsTotal += sum.planPaid;
      }

      const invoiceLines: {
        description: string;
        quantity: number;
        unit: number;
        amount: number;
      }[] = [
        // The claims are billed as one sum (their count is in the claim summary): quantity 1 ×
        // the plan-paid total, so every line reads quantity × unit = amount (issue 10).
        {
          description: 'Pharmacy claims (plan paid)',
          quantity: 1,
          unit: claimsTotal,
          amount: claimsTotal,
        },
        {
          description: 'Administrative fee (per employee per month)',
          quantity: members,
          unit: pepm,
          amount: members * pepm,
        },
      ];
      if (random.chance(0.5)) {
        const unit = random.int(25, 120);
        invoiceLines.push({
          description: 'Clinical program fee',
          quantity: members,
          unit,
          amount: members * unit,
        });
      }
      if (random.chance(0.35)) {
        const credit = -random.int(5_000, 90_000);
        invoiceLines.push({
          description: 'Rebate credit',
          quantity: 1,
          unit: credit,
          amount: credit,
        });
      }
      let total = 0;
      for (const [i, line] of invoiceLines.entries()) {
        total += line.amount;
        lines.push({
          invoice_no: invoiceNo,
          line_no: i + 1,
          description: line.description,
          quantity: String(line.quantity),
          unit_amount: centsToMoney(line.unit),
          amount: centsToMoney(line.amount),
          ...audit,
        });
      }
      invoices.push({
        invoice_no: invoiceNo,
        invoice_config_no: config.invoice_config_no,
        organization_no: config.organization_no,
        invoice_date: invoiceDate,
        is_tria: isTria,
        period_start: periodStart,
        period_end: periodEnd,
        due_date: addDays(invoiceDate, 30),
        total_amount: centsToMoney(total),
        ...audit,
      });
    }
  }
  await insertInBatches(db, 'invoice', invoices);
  await insertInBatches(db, 'invoice_line', lines);
  await insertInBatches(db, 'invoice_claim_summary', summaries);
  await insertInBatches(db, 'invoice_claim_detail', details);
}

const CLIENT_ROLES = ROLE_DEFINITIONS.filter((r) => r.userType === 'client');
const BROKER_ROLES = ROLE_DEFINITIONS.filter((r) => r.userType === 'broker');

/**
 * A few client and broker users per organization for its Users tab: each with one to three
 * roles of their own type, about one in five deactivated. They have no password: they are
 * listed, not signed in with.
 */
async function seedOrganizationUsers(
  db: Kysely<DB>,
  context: SeedContext,
  random: SeededRandom,
  large: boolean,
): Promise<void> {
  const users: Insertable<DB['app_user']>[] = [];
  const plannedRoles: number[][] = [];
  const plannedOrgs: number[] = [];
  for (const [index, org] of context.organizations.entries()) {
    const domain = `${slug(org.name).slice(0, 24)}.example`;
    const clients = large ? random.int(1, 2) : random.int(2, 4);
    const brokers = large ? random.int(0, 1) : random.int(1, 2);
    for (let n = 0; n < clients + brokers; n++) {
      const type = n < clients ? 'c' : 'b';
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      const pool = type === 'c' ? CLIENT_ROLES : BROKER_ROLES;
      const roles = shuffled(random, pool).slice(0, random.int(1, 3));
      users.push({
        username:
          type === 'c'
            ? `${slug(first)}.${slug(last)}.${org.organization_no}${n}@${domain}`
            : `${slug(first)}.${slug(last)}.${org.organization_no}${n}@brokers.example`,
        first_name: first,
        last_name: last,
        phone: phone(random),
        extension: null,
        user_type: type,
        rxb_admin: false,
        all_organizations: false,
        // The first organizations always show a deactivated user.
        active: index < 3 && n === 1 ? false : !random.chance(0.2),
        password_hash: null,
        external_subject: null,
        ...audit,
      });
      plannedRoles.push(roles.map((r) => r.id));
      plannedOrgs.push(org.organization_no);
    }
  }
  const userNos: number[] = [];
  for (let i = 0; i < users.length; i += 1000) {
    const inserted = await db
      .insertInto('app_user')
      .values(users.slice(i, i + 1000))
      .returning('user_no')
      .execute();
    userNos.push(...inserted.map((row) => row.user_no));
  }
  const userRoles: Insertable<DB['user_role']>[] = [];
  const grants: Insertable<DB['user_organization']>[] = [];
  userNos.forEach((userNo, i) => {
    for (const roleId of plannedRoles[i]!)
      userRoles.push({ user_no: userNo, role_id: roleId, created_by: null });
    grants.push({
      user_no: userNo,
      organization_no: plannedOrgs[i]!,
      restrict_benefit_groups: false,
      created_by: null,
    });
  });
  await insertInBatches(db, 'user_role', userRoles);
  await insertInBatches(db, 'user_organization', grants);
}
