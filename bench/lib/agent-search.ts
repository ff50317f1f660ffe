/**
 * The agent's Find Member scenario (issue 12: `msr-search`, p95 under 25 ms at 20 concurrent
 * requests with 1,000,000 employees and 1,500,000 dependents on PostgreSQL): what a call-centre
 * agent types while a member is on the phone, drawn from the seeded members with a fixed seed so
 * every run sends the same requests in the same order.
 */
import type { Budget } from './report.ts';
import { createRandom, pickFromMix } from './workload.ts';
import type { MemberDataset } from './members.ts';

/** Issue 12 "Done when": the agent's msr-search at the member search's scale. */
export const MSR_SEARCH_BUDGET: Budget = {
  named: "agent's msr-search",
  note: 'issue 12: GET /msr-search/v1/records, employees and dependents together, p95 under 25 ms at 20 concurrent requests, 1,000,000 employees and 1,500,000 dependents on PostgreSQL',
  p95Ms: 25,
};

/** Kinds of Find Member search and their share of the mix. */
export const MSR_SEARCH_MIX = {
  /** A last name (its start or all of it) and the birth date: the usual identity check. */
  nameAndBirthDate: 0.35,
  /** First and last name. */
  fullName: 0.2,
  /** The member ID from the card: generated or client ID. */
  memberId: 0.2,
  /** The organization the caller names, and a last-name prefix. */
  organizationAndName: 0.1,
  /** A dependent's last name and birth date. */
  dependent: 0.1,
  /** One field, confirmed in the dialog: a whole last name. */
  oneFieldConfirmed: 0.05,
} as const;
type Kind = keyof typeof MSR_SEARCH_MIX;

function pickKind(roll: number): Kind {
  return pickFromMix(MSR_SEARCH_MIX, roll, 'nameAndBirthDate');
}

/** GET /msr-search/v1/records as Find Member sends it: 20 a page, sometimes the second page. */
export function msrSearchRequests(
  dataset: MemberDataset,
  options: { count?: number; seed?: number } = {},
): string[] {
  const random = createRandom(options.seed ?? 2028);
  const employees = dataset.sample;
  if (employees.length === 0) throw new Error('no seeded employees to search for');
  const paths: string[] = [];
  for (let i = 0; i < (options.count ?? 2000); i++) {
    const kind = pickKind(random.next());
    const e = random.pick(employees);
    const params = new URLSearchParams();
    const prefix = e.lastName.slice(0, random.int(3, Math.min(8, e.lastName.length)));
    switch (kind) {
      case 'nameAndBirthDate':
        params.set('lastname', random.next() < 0.5 ? e.lastName : prefix);
        params.set('birthdate', e.birthdate);
        break;
      case 'fullName':
        params.set('firstname', e.firstName);
        params.set('lastname', e.lastName);
        break;
      case 'memberId':
        params.set('memberId', random.next() < 0.7 || !e.clientId ? e.generatedId : e.clientId);
        break;
      case 'organizationAndName':
        params.set('organizationNo', String(e.organizationNo));
        params.set('lastname', prefix);
        break;
      case 'dependent': {
        const d =
          dataset.dependentSample.length > 0 ? random.pick(dataset.dependentSample) : undefined;
        params.set('lastname', d?.lastName ?? e.lastName);
        params.set('birthdate', d?.birthdate ?? e.birthdate);
        break;
      }
      case 'oneFieldConfirmed':
        params.set('lastname', e.lastName);
        params.set('confirmOneField', 'true');
        break;
    }
    if (random.next() < 0.1) params.set('offset', '20');
    params.set('limit', '20');
    paths.push(`/msr-search/v1/records?${params.toString()}`);
  }
  return paths;
}
