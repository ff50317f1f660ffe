import { sql, type Kysely } from 'kysely';
import type { DB } from '../database.ts';
import {
  addConditionDrug,
  addTargetDrugs,
  createCondition,
  createIntervention,
  insertCases,
  saveList,
  setAlternativeDrugs,
  setConditionSettings,
  setPbms,
  type Actor,
} from '../modules/clinical/index.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * Demo clinical configuration (issue 14, decision 0107): real conditions with the classes of
 * the demo drug catalogue that treat them, interventions, intervention drug lists (one
 * inactive) with target and alternative drugs, PBMs and condition settings, and intervention
 * cases the lists' table counts. Everything is written through the clinical module's own
 * writes as the clinician persona, so the history and the lists' snapshots are the real ones;
 * their times are then moved into the weeks before `today` (a list can be seen as it stood).
 *
 * Drugs are named by the start of their nonproprietary name and looked up in the drug table
 * (the demo catalogue, loaded before this runs): a name the catalogue has no class for is
 * skipped, so the seed follows the catalogue rather than repeating its codes.
 */

const CONDITIONS: readonly { name: string; drugs: readonly string[] }[] = [
  {
    name: 'Diabetes Type 2',
    drugs: ['Metformin', 'Glipizide', 'Glimepiride', 'Sitagliptin', 'Empagliflozin', 'Semaglutide'],
  },
  {
    name: 'Hypertension',
    drugs: ['Lisinopril', 'Losartan', 'Amlodipine', 'Hydrochlorothiazide', 'Chlorthalidone'],
  },
  {
    name: 'Hyperlipidemia',
    drugs: ['Atorvastatin', 'Rosuvastatin', 'Simvastatin', 'Pravastatin', 'Ezetimibe'],
  },
  { name: 'Asthma', drugs: ['Albuterol', 'Fluticasone propionate', 'Montelukast'] },
  {
    name: 'COPD',
    drugs: ['Tiotropium', 'Umeclidinium', 'Albuterol', 'Fluticasone furoate'],
  },
  {
    name: 'Depression',
    drugs: ['Sertraline', 'Escitalopram', 'Fluoxetine', 'Bupropion', 'Duloxetine'],
  },
  { name: 'Atrial Fibrillation', drugs: ['Apixaban', 'Rivaroxaban', 'Warfarin', 'Dabigatran'] },
  { name: 'Hypothyroidism', drugs: ['Levothyroxine'] },
  { name: 'GERD', drugs: ['Omeprazole', 'Pantoprazole', 'Esomeprazole', 'Famotidine'] },
  {
    name: 'Rheumatoid Arthritis',
    drugs: ['Methotrexate', 'Hydroxychloroquine', 'Adalimumab', 'Etanercept', 'Tofacitinib'],
  },
  { name: 'Osteoporosis', drugs: ['Alendronate', 'Raloxifene', 'Denosumab', 'Teriparatide'] },
  { name: 'Epilepsy', drugs: ['Levetiracetam', 'Lamotrigine', 'Topiramate'] },
  { name: 'HIV', drugs: ['Dolutegravir', 'Emtricitabine and tenofovir', 'Darunavir'] },
  { name: 'Heart Failure', drugs: ['Carvedilol', 'Metoprolol succinate', 'Spironolactone'] },
  { name: 'ADHD', drugs: ['Methylphenidate', 'Lisdexamfetamine', 'Atomoxetine'] },
];

const INTERVENTIONS = [
  'Generic substitution',
  'Therapeutic alternative',
  'Safety review',
  'Step therapy',
  'Dose optimization',
  'Adherence outreach',
] as const;

interface DemoList {
  name: string;
  /** Target drug → its alternatives. */
  targets: readonly { drug: string; alternatives: readonly string[] }[];
  pbms: readonly ('Express Scripts' | 'Optum' | 'Caremark' | 'Caremark RxClaim' | 'Agadia')[];
  settings: readonly { condition: string; intervention: (typeof INTERVENTIONS)[number] }[];
  /** Days before today the list was created. */
  createdDaysAgo: number;
  /** A later change, days before today: a rename, or the list made inactive. */
  later?: { daysAgo: number; name?: string; inactive?: true };
  /** Active cases to raise: [prospective, retrospective]. */
  cases: readonly [number, number];
}

const LISTS: readonly DemoList[] = [
  {
    name: 'Statin Generic Substitution',
    targets: [
      { drug: 'Rosuvastatin', alternatives: ['Atorvastatin', 'Simvastatin', 'Pravastatin'] },
    ],
    pbms: ['Express Scripts', 'Optum', 'Caremark'],
    settings: [{ condition: 'Hyperlipidemia', intervention: 'Generic substitution' }],
    createdDaysAgo: 120,
    later: { daysAgo: 40, name: 'Statins: Generic Substitution' },
    cases: [14, 6],
  },
  {
    name: 'DPP-4 and SGLT2 Step Therapy',
    targets: [
      { drug: 'Sitagliptin', alternatives: ['Metformin', 'Glipizide'] },
      { drug: 'Empagliflozin', alternatives: ['Metformin'] },
      { drug: 'Dapagliflozin', alternatives: ['Metformin'] },
    ],
    pbms: ['Express Scripts', 'Optum', 'Caremark', 'Caremark RxClaim'],
    settings: [{ condition: 'Diabetes Type 2', intervention: 'Step therapy' }],
    createdDaysAgo: 90,
    cases: [9, 11],
  },
  {
    name: 'Anticoagulant Safety Review',
    targets: [
      { drug: 'Warfarin', alternatives: [] },
      { drug: 'Apixaban', alternatives: [] },
      { drug: 'Rivaroxaban', alternatives: [] },
    ],
    pbms: ['Optum', 'Caremark'],
    settings: [{ condition: 'Atrial Fibrillation', intervention: 'Safety review' }],
    createdDaysAgo: 75,
    cases: [4, 2],
  },
  {
    name: 'PPI Long-Term Use',
    targets: [
      { drug: 'Esomeprazole', alternatives: ['Famotidine', 'Omeprazole'] },
      { drug: 'Pantoprazole', alternatives: ['Famotidine'] },
    ],
    pbms: ['Express Scripts', 'Agadia'],
    settings: [{ condition: 'GERD', intervention: 'Therapeutic alternative' }],
    createdDaysAgo: 60,
    cases: [7, 3],
  },
  {
    name: 'Opioid Safety Review',
    targets: [
      { drug: 'Oxycodone hydrochloride and acetaminophen', alternatives: [] },
      { drug: 'Hydrocodone bitartrate and acetaminophen', alternatives: [] },
      { drug: 'Tramadol', alternatives: [] },
    ],
    pbms: ['Express Scripts', 'Optum', 'Caremark', 'Caremark RxClaim'],
    settings: [{ condition: 'Depression', intervention: 'Safety review' }],
    createdDaysAgo: 45,
    cases: [5, 0],
  },
  {
    name: 'ARB Brand to Generic 2025',
    targets: [{ drug: 'Olmesartan', alternatives: ['Losartan', 'Valsartan'] }],
    pbms: ['Optum'],
    settings: [{ condition: 'Hypertension', intervention: 'Generic substitution' }],
    createdDaysAgo: 200,
    later: { daysAgo: 30, inactive: true },
    cases: [0, 0],
  },
];

/** The class code of each catalogue drug, by its lower-case nonproprietary name. */
async function catalogueClasses(db: Kysely<DB>): Promise<{ code: string; name: string }[]> {
  const rows = await db
    .selectFrom('drug')
    .select(['gpi_10', (eb) => eb.fn.min('nonproprietary_name').as('name')])
    .where('gpi_10', 'is not', null)
    .groupBy('gpi_10')
    .orderBy('gpi_10')
    .execute();
  return rows.map((r) => ({ code: r.gpi_10!, name: r.name.toLowerCase() }));
}

/** The class whose name starts with `start`, the shortest such name (not a combination). */
function classOf(classes: { code: string; name: string }[], start: string): string | undefined {
  const wanted = start.toLowerCase();
  return classes
    .filter((c) => c.name.startsWith(wanted))
    .sort((a, b) => a.name.length - b.name.length || a.code.localeCompare(b.code))[0]?.code;
}

const ISO = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * Moves what was written since `since` for one condition or list to the instant `at` (the same
 * on every run; rows of one moment keep their order by id): its history, and for a list its
 * snapshots (their taken_at and the instants they hold), its row and its drugs.
 */
async function backdate(
  db: Kysely<DB>,
  since: Date,
  at: Date,
  subject: { table: 'health_condition' | 'intervention_list'; no: number },
): Promise<void> {
  const from = sql`${since.toISOString()}::timestamptz`;
  const to = sql`${at.toISOString()}::timestamptz`;
  const moved = (column: ReturnType<typeof sql>) =>
    sql`case when ${column} >= ${from} then ${to} else ${column} end`;
  await sql`update clinical_history set changed_at = ${to}
    where subject = ${subject.table} and subject_no = ${subject.no} and changed_at >= ${from}`.execute(
    db,
  );
  if (subject.table === 'health_condition') {
    await sql`update health_condition set created_at = ${moved(sql`created_at`)},
        updated_at = ${moved(sql`updated_at`)}
      where health_condition_no = ${subject.no}`.execute(db);
    await sql`update health_condition_drug set created_at = ${moved(sql`created_at`)}
      where health_condition_no = ${subject.no}`.execute(db);
    return;
  }
  const inState = (key: string) =>
    sql`to_jsonb(to_char(${moved(sql`(state->>${key})::timestamptz`)} at time zone 'UTC', ${ISO}))`;
  await sql`update intervention_list_snapshot set taken_at = ${to},
      state = jsonb_set(jsonb_set(state, '{created_at}', ${inState('created_at')}), '{updated_at}', ${inState('updated_at')})
    where intervention_list_no = ${subject.no} and taken_at >= ${from}`.execute(db);
  await sql`update intervention_list set created_at = ${moved(sql`created_at`)},
      updated_at = ${moved(sql`updated_at`)}
    where intervention_list_no = ${subject.no}`.execute(db);
  await sql`update intervention_list_target_drug set created_at = ${moved(sql`created_at`)}
    where intervention_list_no = ${subject.no}`.execute(db);
  await sql`update intervention_list_alternative_drug a set created_at = ${moved(sql`a.created_at`)}
    from intervention_list_target_drug t
    where t.target_drug_no = a.target_drug_no and t.intervention_list_no = ${subject.no}`.execute(
    db,
  );
}

function daysBefore(today: string, days: number, hour = 14): Date {
  const at = new Date(`${today}T${String(hour).padStart(2, '0')}:00:00Z`);
  return new Date(at.getTime() - days * 86_400_000);
}

export async function seedClinical(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const clinician = context.userNos.get('clinician');
  if (clinician === undefined) return;
  const actor: Actor = { userNo: clinician };
  const random = context.randomFor('clinical');
  const classes = await catalogueClasses(db);

  const conditionIds = new Map<string, number>();
  for (const [i, demo] of CONDITIONS.entries()) {
    const since = new Date(Date.now() - 1000);
    const condition = await createCondition(db, actor, { name: demo.name });
    conditionIds.set(demo.name, condition.id);
    const codes = [...new Set(demo.drugs.map((d) => classOf(classes, d)))].filter(
      (c): c is string => c !== undefined,
    );
    for (const code of codes) {
      await addConditionDrug(db, actor, { health_condition_id: condition.id, drug_code: code });
    }
    await backdate(db, since, daysBefore(context.today, 150 - i * 3), {
      table: 'health_condition',
      no: condition.id,
    });
  }

  const interventionIds = new Map<string, number>();
  for (const name of INTERVENTIONS) {
    interventionIds.set(name, (await createIntervention(db, actor, { name })).id);
  }
  await sql`update intervention set created_at = ${daysBefore(context.today, 160).toISOString()}::timestamptz,
    updated_at = ${daysBefore(context.today, 160).toISOString()}::timestamptz`.execute(db);

  const employees = await db
    .selectFrom('employee')
    .select('employee_no')
    .orderBy('employee_no')
    .limit(400)
    .execute();

  for (const demo of LISTS) {
    const since = new Date(Date.now() - 1000);
    const list = await saveList(db, actor, { name: demo.name });
    const targets = demo.targets.flatMap((t) => {
      const code = classOf(classes, t.drug);
      return code ? [{ code, alternatives: t.alternatives }] : [];
    });
    if (targets.length > 0) {
      const added = await addTargetDrugs(db, actor, list.id, {
        drug_codes: targets.map((t) => t.code),
      });
      for (const target of targets) {
        const alternatives = [
          ...new Set(target.alternatives.map((a) => classOf(classes, a))),
        ].filter((c): c is string => c !== undefined && c !== target.code);
        const row = added.data.find((d) => d.drug_code === target.code);
        if (row && alternatives.length > 0) {
          await setAlternativeDrugs(db, actor, list.id, row.id, { drug_codes: alternatives });
        }
      }
    }
    await setPbms(db, actor, list.id, { pbms: [...demo.pbms] });
    await setConditionSettings(db, actor, list.id, {
      settings: demo.settings.flatMap((s) => {
        const condition = conditionIds.get(s.condition);
        const intervention = interventionIds.get(s.intervention);
        return condition && intervention
          ? [{ health_condition_id: condition, intervention_id: intervention }]
          : [];
      }),
    });
    await backdate(db, since, daysBefore(context.today, demo.createdDaysAgo), {
      table: 'intervention_list',
      no: list.id,
    });
    if (demo.later) {
      const laterSince = new Date(Date.now() - 1000);
      await saveList(db, actor, {
        id: list.id,
        name: demo.later.name ?? demo.name,
        ...(demo.later.inactive ? { is_active: false } : {}),
      });
      await backdate(db, laterSince, daysBefore(context.today, demo.later.daysAgo), {
        table: 'intervention_list',
        no: list.id,
      });
    }

    if (employees.length > 0) {
      const [prospective, retrospective] = demo.cases;
      const pick = () => employees[random.int(0, employees.length - 1)]!.employee_no;
      const cases = [
        ...Array.from({ length: prospective }, () => ({
          kind: 'prospective' as const,
          status: 'active' as const,
        })),
        ...Array.from({ length: retrospective }, () => ({
          kind: 'retrospective' as const,
          status: 'active' as const,
        })),
        // Closed cases, which the counts leave out.
        { kind: 'prospective' as const, status: 'resolved' as const },
        { kind: 'retrospective' as const, status: 'dismissed' as const },
      ];
      await insertCases(
        db,
        cases.map((c) => ({
          intervention_list_no: list.id,
          employee_no: pick(),
          dependent_no: null,
          kind: c.kind,
          status: c.status,
          created_by: clinician,
          updated_by: clinician,
        })),
      );
    }
  }
}
