import type { Insertable, Kysely } from 'kysely';
import { PA_STATUSES, type PaStatus } from '@pillar/domain';
import type { DB } from '../database.ts';
import { addDays, type SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * The built-in PA system's demo data (decision 0096): prior-authorization cases for members of
 * the first two organizations (and two of their dependents), keyed by the identifiers the PA
 * system knows them by (the member's alternate ID, or generated ID when none; names; birth date).
 * Every one of the 11 statuses appears, the first PA_MEMBERS persons get three to six cases,
 * two cases were replaced by a newer prescription ('Filled by alternative prescription'), one
 * case has an interaction log longer than the drawer's 6 visible entries, and each person has a
 * reviewer history. Deterministic from randomFor('prior-auth'); the same few members at every
 * scale, so benchmark seeds stay cheap.
 */

const EMPLOYEES_PER_ORGANIZATION = 4;
const DEPENDENTS = 2;

type CaseRow = Insertable<DB['pa_case']>;
type EventRow = Insertable<DB['pa_event']>;
type LogRow = Insertable<DB['pa_interaction_log']>;
type ReviewerRow = Insertable<DB['pa_reviewer_history']>;

interface Person {
  alternate_id: string;
  first_name: string;
  last_name: string;
  birthdate: string;
}

/** Drugs that commonly need prior authorization, with a diagnosis that fits them. */
const SERVICES = [
  { name: 'Ozempic 1 mg/dose pen injector', diagnosis: 'E11.9 Type 2 diabetes mellitus', qty: 3 },
  {
    name: 'Mounjaro 5 mg/0.5 mL pen',
    diagnosis: 'E11.65 Type 2 diabetes with hyperglycemia',
    qty: 2,
  },
  { name: 'Jardiance 25 mg tablet', diagnosis: 'E11.9 Type 2 diabetes mellitus', qty: 30 },
  { name: 'Humira 40 mg/0.4 mL pen', diagnosis: 'M06.9 Rheumatoid arthritis', qty: 2 },
  {
    name: 'Enbrel 50 mg/mL SureClick autoinjector',
    diagnosis: 'L40.50 Psoriatic arthritis',
    qty: 4,
  },
  { name: 'Dupixent 300 mg/2 mL pen', diagnosis: 'L20.9 Atopic dermatitis', qty: 2 },
  { name: 'Eliquis 5 mg tablet', diagnosis: 'I48.91 Atrial fibrillation', qty: 60 },
  { name: 'Entresto 49-51 mg tablet', diagnosis: 'I50.22 Chronic systolic heart failure', qty: 60 },
  {
    name: 'Repatha 140 mg/mL SureClick',
    diagnosis: 'E78.01 Familial hypercholesterolemia',
    qty: 2,
  },
  { name: 'Nurtec ODT 75 mg', diagnosis: 'G43.909 Migraine', qty: 8 },
  { name: 'Aimovig 70 mg/mL autoinjector', diagnosis: 'G43.709 Chronic migraine', qty: 1 },
  { name: 'Vyvanse 30 mg capsule', diagnosis: 'F90.0 ADHD, inattentive type', qty: 30 },
  { name: 'Lidocaine 5% topical patch', diagnosis: 'B02.29 Postherpetic neuralgia', qty: 30 },
  { name: 'Tretinoin 0.05% cream', diagnosis: 'L70.0 Acne vulgaris', qty: 1 },
  { name: 'Rinvoq 15 mg extended-release tablet', diagnosis: 'K50.90 Crohn disease', qty: 30 },
  { name: 'Xifaxan 550 mg tablet', diagnosis: 'K76.82 Hepatic encephalopathy', qty: 60 },
] as const;

/** The newer prescription an old case was filled by instead. */
const ALTERNATIVES: Readonly<Record<string, string>> = {
  'Ozempic 1 mg/dose pen injector': 'Trulicity 1.5 mg/0.5 mL pen',
  'Humira 40 mg/0.4 mL pen': 'Hadlima 40 mg/0.4 mL autoinjector',
  'Eliquis 5 mg tablet': 'Xarelto 20 mg tablet',
};

const PRESCRIBERS = [
  'Dr. Priya Raman, MD',
  'Dr. Marcus Ellison, DO',
  'Dr. Helen Okafor, MD',
  'Dr. Samuel Brandt, MD',
  'Laura Kim, NP',
  'Dr. Teresa Alvarez, MD',
  'Dr. Kenji Watanabe, MD',
  'Daniel Reyes, PA-C',
] as const;

const REVIEWERS = [
  'Agadia Clinical Review',
  'Protect Clinical Pharmacist Team',
  'PBM Utilization Management',
] as const;

const ASSIGNEES = [
  'J. Moreno, PharmD',
  'A. Chen, CPhT',
  'R. Patel, PharmD',
  'K. Novak, RN',
] as const;

const OUTCOMES: Readonly<Partial<Record<PaStatus, string>>> = {
  'Prior Authorization Not Needed':
    'No prior authorization required for this drug on the plan formulary.',
  Approved: 'Approved: clinical criteria met.',
  'Approved with Alterations':
    'Approved for a lower quantity than requested (quantity limit applies).',
  Denied: 'Denied: step therapy not met; a formulary alternative must be tried first.',
  'Duplicate Request': 'Closed as a duplicate of an open request for the same drug.',
  'Cancelled by Provider': 'Cancelled at the prescriber office request.',
  'Faulty Notification': 'Closed: the notification was missing the member or drug information.',
  'Withdrawn by Provider': 'Withdrawn by the prescriber before a decision.',
};

const EXPLANATIONS = [
  'Patient failed metformin and a sulfonylurea over 6 months; A1c remains above 8%.',
  'Inadequate response to methotrexate for 12 weeks; moderate to severe disease activity.',
  'Intolerance to warfarin with labile INR; requires a direct oral anticoagulant.',
  'Two formulary alternatives tried without relief; documented in the chart notes.',
  null,
] as const;

/** The log an agent reads in the drawer, in the order a case moves. */
const CONTACTS = [
  ['Fax', 'Request received from the prescriber office'],
  ['Phone', 'Called the prescriber office to confirm the diagnosis code'],
  ['Fax', 'Clinical notes requested from the prescriber'],
  ['Phone', 'Member called asking about the request status'],
  ['Portal', 'Clinical notes received from the prescriber'],
  ['Phone', 'Left a voicemail for the prescriber office about missing chart notes'],
  ['Fax', 'Second request for chart notes sent to the prescriber'],
  ['Internal', 'Case sent to a clinical pharmacist for review'],
  ['Phone', 'Member informed of the expected decision date'],
  ['Letter', 'Determination letter mailed to the member and the prescriber'],
] as const;

async function personsOf(db: Kysely<DB>, context: SeedContext): Promise<Person[]> {
  const organizations = context.organizations.slice(0, 2).map((o) => o.organization_no);
  const persons: Person[] = [];
  for (const organizationNo of organizations) {
    const employees = await db
      .selectFrom('employee')
      .where('organization_no', '=', organizationNo)
      .orderBy('employee_no')
      .limit(EMPLOYEES_PER_ORGANIZATION)
      .select([
        'employee_no',
        'alternate_id',
        'generated_id',
        'first_name',
        'last_name',
        'birthdate',
      ])
      .execute();
    for (const e of employees) {
      persons.push({
        alternate_id: e.alternate_id ?? e.generated_id,
        first_name: e.first_name,
        last_name: e.last_name,
        birthdate: e.birthdate,
      });
    }
    if (organizationNo !== organizations[0] || employees.length === 0) continue;
    // Dependents carry the member's card ID with their own names and birth date.
    const dependents = await db
      .selectFrom('dependent')
      .where(
        'employee_no',
        'in',
        employees.map((e) => e.employee_no),
      )
      .orderBy('dependent_no')
      .limit(DEPENDENTS)
      .select(['employee_no', 'first_name', 'last_name', 'birthdate'])
      .execute();
    for (const d of dependents) {
      const e = employees.find((x) => x.employee_no === d.employee_no)!;
      persons.push({
        alternate_id: e.alternate_id ?? e.generated_id,
        first_name: d.first_name,
        last_name: d.last_name,
        birthdate: d.birthdate,
      });
    }
  }
  return persons;
}

function agadiaData(
  random: SeededRandom,
  row: CaseRow,
  service: (typeof SERVICES)[number],
  system: 'old' | 'new',
) {
  return {
    'Case Number': row.pa_case_id,
    Drug: row.service_name,
    Diagnosis: service.diagnosis,
    Quantity: service.qty,
    'Days Supply': service.qty >= 30 ? 30 : 28,
    Urgency: random.chance(0.2) ? 'Expedited' : 'Standard',
    'Submitted Via': random.pick(['ePA (CoverMyMeds)', 'Fax', 'Phone']),
    Determination: system === 'old' ? 'Pending' : row.status,
    'Source System': system === 'old' ? 'Agadia PAHub (legacy)' : 'Agadia PAHub',
  };
}

/** Seeds the built-in PA system; call after the members are seeded. */
export async function seedPriorAuth(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const random = context.randomFor('prior-auth');
  const persons = await personsOf(db, context);
  if (persons.length === 0) return;

  const cases: CaseRow[] = [];
  const events: EventRow[] = [];
  const logs: LogRow[] = [];
  const reviewers: ReviewerRow[] = [];
  let caseNumber = 0;
  let replaced = 0;
  let longLog = false;

  for (const [index, person] of persons.entries()) {
    const count = random.int(3, 6);
    for (let k = 0; k < count; k++) {
      // The first 11 cases walk the statuses, so every one of them is in the demo.
      const status: PaStatus =
        caseNumber < PA_STATUSES.length ? PA_STATUSES[caseNumber]! : random.pick(PA_STATUSES);
      const service = random.pick(SERVICES);
      const requestDate = addDays(context.today, -random.int(3, 540));
      caseNumber++;
      const row: CaseRow = {
        pa_case_id: `EOC-${String(2026000 + caseNumber)}`,
        ...person,
        agadia_member_id: `AG${person.alternate_id.replace(/-/g, '')}`.slice(0, 20),
        service_name: service.name,
        status,
        request_date: requestDate,
        coverage_start_date: null,
        coverage_end_date: null,
        prescriber_name: random.pick(PRESCRIBERS),
        prescriber_explanation: random.pick(EXPLANATIONS),
        outcome: OUTCOMES[status] ?? null,
        is_protect_service: random.chance(0.25),
        replaced_by_pa_case_id: null,
        agadia_data_old: null,
        agadia_data_new: null,
      };
      const decided = addDays(requestDate, random.int(1, 4));
      if (status === 'Approved' || status === 'Approved with Alterations') {
        row.coverage_start_date = decided;
        row.coverage_end_date = addDays(decided, random.pick([90, 180, 364]));
      }
      // Cases from before the move to the new Agadia system have a record in each.
      if (requestDate < addDays(context.today, -180)) {
        row.agadia_data_old = JSON.stringify(agadiaData(random, row, service, 'old'));
      }
      row.agadia_data_new = JSON.stringify(agadiaData(random, row, service, 'new'));
      cases.push(row);

      const open =
        status === 'In Review' ||
        status === 'Information Requested from Prescriber' ||
        status === 'Paused - Waiting for Prescriber';
      events.push({
        event_id: `EV-${caseNumber}-1`,
        pa_case_id: row.pa_case_id,
        event_type: 'Initial Review',
        event_date: requestDate,
        event_end_date: open ? null : decided,
      });
      if (status === 'Information Requested from Prescriber' || status.startsWith('Paused')) {
        events.push({
          event_id: `EV-${caseNumber}-2`,
          pa_case_id: row.pa_case_id,
          event_type: 'Prescriber Outreach',
          event_date: addDays(requestDate, 1),
          event_end_date: null,
        });
      } else if (!open) {
        events.push({
          event_id: `EV-${caseNumber}-2`,
          pa_case_id: row.pa_case_id,
          event_type: status.includes('Provider') ? 'Cancellation' : 'Determination',
          event_date: decided,
          event_end_date: decided,
        });
      }

      // One case (the first with enough history) has more entries than the drawer shows at once.
      const entries = !longLog && index === 0 ? CONTACTS.length : random.int(1, 5);
      if (entries > 6) longLog = true;
      for (let n = 0; n < entries; n++) {
        const [type, description] = CONTACTS[n]!;
        logs.push({
          pa_case_id: row.pa_case_id,
          contact_date: `${addDays(requestDate, Math.floor(n / 2))}T${String(9 + (n % 8)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`,
          contact_type: type,
          contact_description: description,
          assigned_to: random.chance(0.85) ? random.pick(ASSIGNEES) : null,
          status_description: n === entries - 1 ? status : 'In Review',
        });
      }

      // A newer prescription replaced two of the early cases.
      const alternative = ALTERNATIVES[service.name];
      if (alternative && replaced < 2 && (status === 'Denied' || status === 'Approved')) {
        replaced++;
        caseNumber++;
        const newer: CaseRow = {
          ...row,
          pa_case_id: `EOC-${String(2026000 + caseNumber)}`,
          service_name: alternative,
          status: 'Approved',
          request_date: addDays(requestDate, random.int(5, 20)),
          prescriber_explanation: 'Switched to a preferred formulary alternative.',
          outcome: OUTCOMES.Approved!,
          agadia_data_old: null,
          agadia_data_new: null,
        };
        newer.coverage_start_date = addDays(newer.request_date, 1);
        newer.coverage_end_date = addDays(newer.coverage_start_date, 364);
        cases.push(newer);
        row.replaced_by_pa_case_id = newer.pa_case_id;
        events.push({
          event_id: `EV-${caseNumber}-1`,
          pa_case_id: newer.pa_case_id,
          event_type: 'Determination',
          event_date: newer.coverage_start_date,
          event_end_date: newer.coverage_start_date,
        });
      }
    }

    // The reviewer history: who reviewed the member's plan's requests, the current one open-ended.
    let effDate = addDays(context.today, -random.int(700, 1100));
    const periods = random.int(2, 3);
    for (let p = 0; p < periods; p++) {
      const last = p === periods - 1;
      const expDate = last ? null : addDays(effDate, random.int(180, 365));
      reviewers.push({
        ...person,
        reviewer: REVIEWERS[(index + p) % REVIEWERS.length]!,
        eff_date: effDate,
        exp_date: expDate,
      });
      if (expDate) effDate = addDays(expDate, 1);
    }
  }

  // Replacements point forward, so insert the newer cases first.
  const ordered = [
    ...cases.filter((c) => !c.replaced_by_pa_case_id),
    ...cases.filter((c) => c.replaced_by_pa_case_id),
  ];
  await db.insertInto('pa_case').values(ordered).execute();
  await db.insertInto('pa_event').values(events).execute();
  await db.insertInto('pa_interaction_log').values(logs).execute();
  await db.insertInto('pa_reviewer_history').values(reviewers).execute();
}
