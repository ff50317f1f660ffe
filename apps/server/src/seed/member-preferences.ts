import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../database.ts';
import { addYears, type SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * The built-in members hub's demo data (decision 0099): communication preferences for most
 * members of the demo organizations (phone and e-mail, phone only, e-mail only, and some with
 * none, so the card's empty state shows), some of their dependents too, and a confidentiality
 * choice for most dependents, some Confidential. Written by the member portal (source 'Member')
 * or earlier by the agent persona (source 'Agent'). Deterministic from
 * randomFor('member-preferences').
 *
 * The HIPAA banner (a confidential dependent aged 13 to 17, spec 2 §5) needs a known member:
 * the first dependent of the first organization (Cedar Valley Manufacturing, by dependent_no)
 * who is 15 on the seed's date is always Confidential (HIPAA_DEMO.confidential15); the first
 * 18-year-old there is Confidential too (no banner: an adult), and every other dependent there
 * aged 12 to 18 is NonConfidential (no banner), so "the first 15-year-old is Confidential, the
 * next is not" holds for months after the seed's date.
 *
 * Only the first DEMO_ORGANIZATIONS organizations, as coverages: benchmark seeds stay cheap.
 */

const DEMO_ORGANIZATIONS = 48;
const BATCH_SIZE = 1_000;

/** How the HIPAA demo dependents are chosen; the browser tests find them the same way. */
export const HIPAA_DEMO = {
  organizationIndex: 0,
  confidential15: { age: 15, isConfidential: 1 },
  /** Every other dependent of the organization aged 12 to 18 on the seed's date. */
  othersOfTwelveToEighteen: { isConfidential: 0 },
  confidential18: { age: 18, isConfidential: 1 },
} as const;

type Communication = Insertable<DB['member_communication_preference']>;
type Confidentiality = Insertable<DB['member_confidentiality']>;

/** A fictional number: the 555-01xx block's neighbours, with a real-looking area code. */
function phoneOf(random: SeededRandom, stored: string | null): string {
  const digits = stored?.replace(/\D/g, '') ?? '';
  if (/^\d{10}$/.test(digits)) return digits;
  if (/^1\d{10}$/.test(digits)) return digits.slice(1);
  return `${random.int(201, 989)}5550${random.digits(3)}`;
}

function emailOf(stored: string | null, first: string, last: string, n: number): string {
  if (stored) return stored;
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  return `${local}${n % 100}@example.com`;
}

/** 7 → '07'. */
function two(n: number): string {
  return String(n).padStart(2, '0');
}

function ageOn(birthdate: string, today: string): number {
  let age = Number(today.slice(0, 4)) - Number(birthdate.slice(0, 4));
  if (addYears(birthdate, age) > today) age -= 1;
  return age;
}

export async function seedMemberPreferences(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const random = context.randomFor('member-preferences');
  const organizationNos = context.organizations
    .slice(0, DEMO_ORGANIZATIONS)
    .map((o) => o.organization_no);
  if (organizationNos.length === 0) return;
  const agentNo = context.userNos.get('agent') ?? null;
  const agent = agentNo
    ? await db
        .selectFrom('app_user')
        .select(['first_name', 'last_name'])
        .where('user_no', '=', agentNo)
        .executeTakeFirst()
    : undefined;
  const agentName = agent ? `${agent.first_name} ${agent.last_name}` : 'Agent';
  // Written some time in the two years before the seed's date, in US working hours.
  const since = addYears(context.today, -2);
  const by = (): Pick<
    Communication,
    'source' | 'last_updated_by' | 'last_updated_by_user_no' | 'last_update_time'
  > => ({
    ...(agent && random.chance(0.3)
      ? { source: 'Agent', last_updated_by: agentName, last_updated_by_user_no: agentNo }
      : { source: 'Member', last_updated_by: 'Member Portal', last_updated_by_user_no: null }),
    last_update_time: new Date(
      `${random.date(since, context.today)}T${two(random.int(13, 23))}:${two(random.int(0, 59))}:00Z`,
    ),
  });

  const employees = await db
    .selectFrom('employee')
    .select(['employee_no', 'organization_no', 'first_name', 'last_name', 'phone', 'email'])
    .where('organization_no', 'in', organizationNos)
    .orderBy('employee_no')
    .execute();
  const communications: Communication[] = [];
  for (const e of employees) {
    // 40 % phone and e-mail, 20 % phone only, 25 % e-mail only, 15 % nothing on file.
    const roll = random.next();
    if (roll >= 0.85) continue;
    const phone = roll < 0.6 ? phoneOf(random, e.phone) : null;
    const email =
      roll < 0.4 || roll >= 0.6 ? emailOf(e.email, e.first_name, e.last_name, e.employee_no) : null;
    const sms = phone !== null && random.chance(0.35);
    const voiceMail = phone !== null && random.chance(0.7);
    // A phone on file always has an opt-in (the rule 'Please select checkboxes' holds).
    const call = phone !== null && (random.chance(0.9) || (!sms && !voiceMail));
    communications.push({
      organization_no: e.organization_no,
      employee_no: e.employee_no,
      dependent_no: null,
      phone_number: phone,
      email_address: email,
      alternate_phone_number: phone && random.chance(0.1) ? phoneOf(random, null) : null,
      sms_opted: sms,
      call_opted: call,
      voice_mail_opted: voiceMail,
      email_opted: email !== null,
      ...by(),
    });
  }

  const dependents = await db
    .selectFrom('dependent')
    .select([
      'dependent_no',
      'employee_no',
      'organization_no',
      'first_name',
      'last_name',
      'birthdate',
    ])
    .where('organization_no', 'in', organizationNos)
    .orderBy('dependent_no')
    .execute();
  const confidentialities: Confidentiality[] = [];
  const fixed = new Map<number, 0 | 1>();
  const first = organizationNos[HIPAA_DEMO.organizationIndex];
  const inFirst = dependents.filter((d) => d.organization_no === first);
  const aged = (age: number) => inFirst.filter((d) => ageOn(d.birthdate, context.today) === age);
  const [c15] = aged(15);
  const [c18] = aged(18);
  if (c15) fixed.set(c15.dependent_no, 1);
  if (c18) fixed.set(c18.dependent_no, 1);
  // Every other dependent of 12 to 18 there is NonConfidential, so a test that picks "the second
  // 15-year-old" on a later day (birthdays pass) still finds one without the banner.
  for (const d of inFirst) {
    const age = ageOn(d.birthdate, context.today);
    if (age >= 12 && age <= 18 && !fixed.has(d.dependent_no)) fixed.set(d.dependent_no, 0);
  }

  for (const d of dependents) {
    // A third of the dependents have contact details of their own (older children, spouses).
    if (random.chance(0.33)) {
      const phone = random.chance(0.6) ? phoneOf(random, null) : null;
      const email =
        !phone || random.chance(0.4)
          ? emailOf(null, d.first_name, d.last_name, d.dependent_no)
          : null;
      communications.push({
        organization_no: d.organization_no,
        employee_no: d.employee_no,
        dependent_no: d.dependent_no,
        phone_number: phone,
        email_address: email,
        sms_opted: phone !== null && random.chance(0.25),
        call_opted: phone !== null,
        voice_mail_opted: phone !== null && random.chance(0.6),
        email_opted: email !== null,
        ...by(),
      });
    }
    // Most dependents have a choice on file; about one in six is Confidential.
    const chosen = fixed.get(d.dependent_no);
    if (chosen === undefined && random.chance(0.2)) continue;
    const who = by();
    confidentialities.push({
      organization_no: d.organization_no,
      employee_no: d.employee_no,
      dependent_no: d.dependent_no,
      is_confidential: chosen ?? (random.chance(0.17) ? 1 : 0),
      source: who.source,
      updated_by: who.last_updated_by,
      updated_by_user_no: who.last_updated_by_user_no ?? null,
      updated_date: who.last_update_time,
    });
  }

  for (let i = 0; i < communications.length; i += BATCH_SIZE) {
    await db
      .insertInto('member_communication_preference')
      .values(communications.slice(i, i + BATCH_SIZE))
      .execute();
  }
  for (let i = 0; i < confidentialities.length; i += BATCH_SIZE) {
    await db
      .insertInto('member_confidentiality')
      .values(confidentialities.slice(i, i + BATCH_SIZE))
      .execute();
  }
}
