import { sql, type Insertable, type Kysely } from 'kysely';
import { AGADIA, PBM_NAMES, npiCheckDigit } from '@pillar/domain';
import type { DB } from '../database.ts';
import { readDemoDrugs } from './drug-reference.ts';
import type { SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * The demo drug catalogue, the organizations' PBMs and a year of pharmacy claims for every member
 * and dependent (issue 12 "Claims history"; decision 0098).
 *
 * - Drugs: the demo catalogue (seed/data/demo-drugs.csv, real package NDCs from the FDA NDC
 *   Directory, its README naming the source of every row), loaded into the drug reference by
 *   seedDrugReference before this runs; the claims bill its packages.
 * - PBMs: one or two per organization from the spec's PBM names, some with an Agadia product;
 *   a few organizations have none ('No PBM Coverage'). The anchor organizations have all of them.
 * - Claims: built by one set-based INSERT … SELECT per batch of organizations, so the same code
 *   seeds the demo (about 30,000 claims) and the benchmark's million members. Chronic
 *   medicines are refilled every 30 days at a retail pharmacy or every 90 at the mail pharmacy
 *   (with a few days of jitter), specialty drugs every 28 days through the specialty pharmacy,
 *   and acute fills fall anywhere in the year; about 3% of claims are reversed and 2% rejected
 *   (no amounts). Every choice comes from hashing the member's number with the area's seed
 *   (hashint8 is deterministic for a given PostgreSQL major version), so two runs give the same
 *   rows. At benchmark scale (`npm run seed -- --employees 1000000`) that is about ten claims a
 *   person, some 25 million rows for 2.5 million members and dependents, loaded without the
 *   history index, which is built once at the end. Only tested at demo scale.
 */

const ORGANIZATIONS_PER_STATEMENT = 200;
/** From this many employees (a benchmark seed) the history index is built after the load. */
const BULK_EMPLOYEES = 100_000;
const ANCHOR_ORGANIZATIONS = 3;

/** Drugs that are refilled for a year (the rest of the retail catalogue). */
const ACUTE_NDCS = [
  '00093415580', // amoxicillin suspension
  '75987004005', // Pennsaid
  '00002446430', // Cialis 20 mg, as needed
  '65862022420', // sertraline concentrate, a short course
] as const;

interface DrugRow {
  ndc: string;
  proprietary_name: string;
  strength: string;
  brand_generic: 'brand' | 'generic';
  specialty: boolean;
}

/** A demo NPI: '1' and eight seeded digits, then the Luhn check digit (80840 prefix). */
function demoNpi(random: SeededRandom): string {
  const nine = `1${random.digits(8)}`;
  return `${nine}${npiCheckDigit(nine)}`;
}

interface Pharmacy {
  name: string;
  npi: string;
}

function demoPharmacies(random: SeededRandom) {
  const retail = [
    'Cedar Valley Pharmacy',
    'Main Street Drug',
    'Harbor Point Apothecary',
    'Northfield Community Pharmacy',
    'Riverbend Family Pharmacy',
    'Summit Ridge Drug',
    'Lakeside Pharmacy',
    'Oak Grove Pharmacy',
  ].map((name): Pharmacy => ({ name, npi: demoNpi(random) }));
  const mail: Pharmacy = { name: 'Pillar Home Delivery Pharmacy', npi: demoNpi(random) };
  const specialty: Pharmacy = { name: 'Pillar Specialty Pharmacy', npi: demoNpi(random) };
  return { retail, mail, specialty };
}

const PRODUCTS = ['Rx Core PPO', 'Rx Plus', 'Rx Value HDHP', 'Rx Premier', 'Rx Select'] as const;

function claimsUrl(pbm: string): string {
  const slug = pbm.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `https://${slug}.claims.example/pharmacy-claims`;
}

function organizationPbms(
  random: SeededRandom,
  organizations: SeedContext['organizations'],
): Insertable<DB['organization_pbm']>[] {
  const rows: Insertable<DB['organization_pbm']>[] = [];
  const add = (organization_no: number, pbm: string, product: string | null) =>
    rows.push({
      organization_no,
      pbm,
      product,
      claims_url: claimsUrl(pbm === AGADIA ? `${product} agadia` : pbm),
      created_by: null,
      updated_by: null,
    });
  organizations.forEach((o, index) => {
    if (index < ANCHOR_ORGANIZATIONS) {
      // The walk-through organizations show every link, in the preferred order.
      for (const pbm of PBM_NAMES) add(o.organization_no, pbm, null);
      add(o.organization_no, AGADIA, PRODUCTS[index]!);
      return;
    }
    if (random.chance(0.06)) return; // No PBM Coverage
    const first = random.pick(PBM_NAMES);
    add(o.organization_no, first, null);
    if (random.chance(0.25)) {
      const second = random.pick(PBM_NAMES);
      if (second !== first) add(o.organization_no, second, null);
    }
    if (random.chance(0.3)) add(o.organization_no, AGADIA, random.pick(PRODUCTS));
  });
  return rows;
}

export async function seedClaims(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const random = context.randomFor('claims');
  // The catalogue is in the drug table already (seedDrugReference runs first).
  const drugs = readDemoDrugs();

  const pbms = organizationPbms(random, context.organizations);
  for (let i = 0; i < pbms.length; i += 1_000) {
    await db
      .insertInto('organization_pbm')
      .values(pbms.slice(i, i + 1_000))
      .execute();
  }

  const pharmacies = demoPharmacies(random);
  const seed = random.int(1, 1_000_000);
  const catalogue: DrugRow[] = drugs.map((d) => ({
    ndc: d.ndc,
    proprietary_name: d.proprietary_name,
    strength: d.strength,
    brand_generic: d.brand_generic,
    specialty: d.specialty === true,
  }));
  const acute = catalogue.filter((d) => (ACUTE_NDCS as readonly string[]).includes(d.ndc));
  const specialty = catalogue.filter((d) => d.specialty);
  const chronic = catalogue.filter((d) => !d.specialty && !acute.includes(d));

  const orgNos = context.organizations.map((o) => o.organization_no);
  // Tens of millions of rows load far faster into a table without its index (as members do).
  const bulk = (context.scale.employees ?? 0) >= BULK_EMPLOYEES;
  if (bulk) await sql`drop index pharmacy_claim_member_fill`.execute(db);
  for (let i = 0; i < orgNos.length; i += ORGANIZATIONS_PER_STATEMENT) {
    await insertClaims(db, {
      organizations: orgNos.slice(i, i + ORGANIZATIONS_PER_STATEMENT),
      today: context.today,
      seed,
      chronic: chronic.map((d) => d.ndc),
      acute: acute.map((d) => d.ndc),
      specialty: specialty.map((d) => d.ndc),
      retail: pharmacies.retail,
      mail: pharmacies.mail,
      specialtyPharmacy: pharmacies.specialty,
    });
  }
  if (bulk) {
    await sql`create index pharmacy_claim_member_fill on pharmacy_claim (employee_no, dependent_no, fill_date, claim_no)`.execute(
      db,
    );
  }
  await sql`analyze pharmacy_claim`.execute(db);
}

interface ClaimBatch {
  organizations: number[];
  today: string;
  seed: number;
  chronic: string[];
  acute: string[];
  specialty: string[];
  retail: Pharmacy[];
  mail: Pharmacy;
  specialtyPharmacy: Pharmacy;
}

/** Arrays go in as one JSON parameter: PostgreSQL and PGlite read it the same way. */
function textArray(values: readonly string[]) {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

function intArray(values: readonly number[]) {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::integer)`;
}

/**
 * One statement for the members and dependents of a batch of organizations. `h(n)` is a
 * non-negative pseudo-random number of a key; every choice below hashes a different key of the
 * person, regimen or fill with the seed, so the rows are the same on every run.
 */
async function insertClaims(db: Kysely<DB>, b: ClaimBatch): Promise<void> {
  const retailNames = b.retail.map((p) => p.name);
  const retailNpis = b.retail.map((p) => p.npi);
  await sql`
    with
    params as (
      select ${b.seed}::bigint as seed, ${b.today}::date as today,
             ${textArray(b.chronic)} as chronic, ${textArray(b.acute)} as acute,
             ${textArray(b.specialty)} as specialty,
             ${textArray(retailNames)} as retail_names, ${textArray(retailNpis)} as retail_npis
    ),
    persons as (
      select e.organization_no, e.employee_no, null::integer as dependent_no,
             e.employee_no::bigint as pkey,
             extract(year from age(p.today, e.birthdate))::int as age
        from employee e, params p
       where e.organization_no = any(${intArray(b.organizations)})
      union all
      select d.organization_no, d.employee_no, d.dependent_no,
             -d.dependent_no::bigint as pkey,
             extract(year from age(p.today, d.birthdate))::int as age
        from dependent d, params p
       where d.organization_no = any(${intArray(b.organizations)})
    ),
    -- Up to three maintenance medicines a person; children rarely have one.
    regimens as (
      select ps.*, r.n,
             (hashint8(ps.pkey * 7919 + r.n * 104729 + p.seed)::bigint & 2147483647) as h
        from persons ps cross join params p cross join generate_series(1, 3) as r(n)
       where (hashint8(ps.pkey * 31 + r.n + p.seed)::bigint & 2147483647) % 100 <
             case when ps.age < 18 then (array[12, 3, 0])[r.n] else (array[58, 32, 14])[r.n] end
    ),
    chronic_fills as (
      select rg.organization_no, rg.employee_no, rg.dependent_no, rg.h,
             p.chronic[(1 + rg.h % cardinality(p.chronic))::int] as ndc,
             case when rg.h % 100 < 30 then 'mail' else 'retail' end as channel,
             case when rg.h % 100 < 30 then 90 else 30 end as days_supply,
             f.i,
             p.today - 364 + (rg.h % 30)::int
               + f.i * (case when rg.h % 100 < 30 then 90 else 30 end)
               + ((hashint8(rg.h + f.i)::bigint & 2147483647) % 5)::int as fill_date
        from regimens rg cross join params p cross join generate_series(0, 12) as f(i)
    ),
    specialty_fills as (
      select ps.organization_no, ps.employee_no, ps.dependent_no,
             (hashint8(ps.pkey * 13 + p.seed)::bigint & 2147483647) as h,
             p.specialty[(1 + (hashint8(ps.pkey * 13 + p.seed)::bigint & 2147483647) % cardinality(p.specialty))::int] as ndc,
             'specialty' as channel, 28 as days_supply, f.i,
             p.today - 364 + ((hashint8(ps.pkey * 17 + p.seed)::bigint & 2147483647) % 28)::int + f.i * 28 as fill_date
        from persons ps cross join params p cross join generate_series(0, 13) as f(i)
       where ps.age >= 18 and (hashint8(ps.pkey * 11 + p.seed)::bigint & 2147483647) % 100 < 3
    ),
    acute_fills as (
      select ps.organization_no, ps.employee_no, ps.dependent_no,
             (hashint8(ps.pkey * 19 + f.i + p.seed)::bigint & 2147483647) as h,
             p.acute[(1 + (hashint8(ps.pkey * 19 + f.i + p.seed)::bigint & 2147483647) % cardinality(p.acute))::int] as ndc,
             'retail' as channel, 10 as days_supply, f.i,
             p.today - ((hashint8(ps.pkey * 23 + f.i + p.seed)::bigint & 2147483647) % 365)::int as fill_date
        from persons ps cross join params p cross join generate_series(1, 3) as f(i)
       where (hashint8(ps.pkey * 29 + f.i + p.seed)::bigint & 2147483647) % 100 < (array[45, 20, 8])[f.i]
    ),
    fills as (
      select * from chronic_fills union all
      select * from specialty_fills union all
      select * from acute_fills
    ),
    priced as (
      select f.*, d.proprietary_name || ' ' || d.strength as drug_name, d.brand_generic,
             d.package_size, d.package_unit, d.specialty,
             (hashint8(f.h * 3 + f.i * 7 + p.seed)::bigint & 2147483647) as k
        from fills f
        join drug d on d.ndc = f.ndc
        cross join params p
       where f.fill_date <= p.today
    )
    insert into pharmacy_claim (
      organization_no, employee_no, dependent_no, fill_date, rx_number, ndc, drug_name, quantity,
      days_supply, pharmacy_name, pharmacy_npi, channel, brand_generic, status, member_paid,
      plan_paid, pbm_claim_reference, created_by, updated_by
    )
    select q.organization_no, q.employee_no, q.dependent_no, q.fill_date,
           lpad((1000000 + q.h % 9000000)::text, 7, '0'),
           q.ndc, q.drug_name,
           -- Tablets and capsules: one a day; pens, vials, kits, bottles: whole packages.
           case when q.package_unit = 'EA' and q.package_size >= 28 then q.days_supply
                when q.channel = 'specialty' then q.package_size
                else q.package_size * greatest(1, q.days_supply / 30) end,
           q.days_supply,
           case q.channel when 'mail' then ${b.mail.name} when 'specialty' then ${b.specialtyPharmacy.name}
                else (select retail_names[(1 + q.h % cardinality(retail_names))::int] from params) end,
           case q.channel when 'mail' then ${b.mail.npi} when 'specialty' then ${b.specialtyPharmacy.npi}
                else (select retail_npis[(1 + q.h % cardinality(retail_npis))::int] from params) end,
           q.channel, q.brand_generic, q.status,
           case when q.status = 'rejected' then 0 else least(q.copay, q.cost) end,
           case when q.status = 'rejected' then 0 else q.cost - least(q.copay, q.cost) end,
           'PBM' || to_char(q.fill_date, 'YYMMDD') || lpad((q.k % 1000000000)::text, 9, '0'),
           null, null
      from (
        select pr.*,
               case when pr.k % 100 < 2 then 'rejected' when pr.k % 100 < 5 then 'reversed'
                    else 'paid' end as status,
               round((case when pr.specialty then 4200 + pr.k % 4800
                           when pr.brand_generic = 'brand' then 310 + pr.k % 420
                           else 8 + pr.k % 34 end
                      * pr.days_supply / 30.0 + (pr.k % 100) / 100.0)::numeric, 2) as cost,
               (case when pr.specialty then 150
                     when pr.brand_generic = 'brand' then 45
                     else 10 end
                * case when pr.channel = 'mail' then 2.5 else 1 end)::numeric(14,2) as copay
          from priced pr
      ) q
  `.execute(db);
}
