/**
 * The agent's member detail scenario (issue 12: "the member detail's calls together (p95 under
 * 30 ms each)" at 1,000,000 employees and 1,500,000 dependents on PostgreSQL): every call the
 * screen /agent/{orgId}/member/{employeeId}/{dependentId?} sends when an agent opens a member or a
 * dependent, in the order it sends them, for members and dependents drawn from the seeded sample
 * with a fixed seed, so every run sends the same requests in the same order.
 */
import { DEFAULT_PAGE_SIZE, RECENT_ISSUES_LIMIT } from '@pillar/domain';
import type { LoadRequest } from './load.ts';
import type { MemberDataset } from './members.ts';
import type { Budget } from './report.ts';
import { createRandom } from './workload.ts';

/** Issue 12 "Done when": each of the member detail's calls. */
export const MEMBER_DETAIL_BUDGET: Budget = {
  named: "agent's member detail calls",
  note: 'issue 12: the member detail’s calls together, p95 under 30 ms each, at 20 concurrent requests, 1,000,000 employees and 1,500,000 dependents on PostgreSQL',
  p95Ms: 30,
};

/** Who is opened, and which of the screen's tabs the agent clicks (not loaded until clicked). */
export const MEMBER_DETAIL_MIX = {
  /**
   * Share of openings of a member of the organizations the seed fills in every area; the rest
   * are drawn from the whole sample, whose organizations mostly have members and claims only.
   */
  fullySeeded: 0.5,
  /** Share of openings that are a dependent's detail (Find Member lists both). */
  dependent: 0.3,
  /** The Claims History tab: the PBM links and the first page of claims. */
  claimsTab: 0.5,
  /** The PBC tab: the plan benefit content PDF, or 404 'PBC not available'. */
  pbcTab: 0.25,
  /** The Recent Notes tab: the member's notes of the last 6 months. */
  notesTab: 0.3,
} as const;

/** The person the screen shows: a member, or a dependent with the member they belong to. */
interface Opened {
  organizationNo: number;
  employeeNo: number;
  dependentNo: number | null;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthdate: string;
  /** The member's: a dependent's card carries them. */
  generatedId: string;
  alternateId: string | null;
}

/** YYYY-MM-DD as the PA system wants it: MM/DD/YYYY (paIdentifiersOf). */
function paDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

/**
 * What the screen sends for one person, in its order: the member (and the dependent) record;
 * once they are in, the left column (coverages, which the ID card shares; communication
 * preferences; a dependent's confidentiality, which the HIPAA banner shares; the AOR, which the
 * summary and the list share), the main area (the Prior Auth History tab, open by default, whose
 * PA list the call-notes region shares, and the Group Information tab) and the call-notes
 * region's PA reviewer history; then the tabs the agent clicks. The issue types the notes form
 * reads are cached for 23 hours: once a session, not once a member, so not in the mix.
 */
function openingRequests(
  p: Opened,
  tabs: { claims: boolean; notes: boolean; pbc: boolean },
): Exclude<LoadRequest, string>[] {
  const employee = `/portal/v1/organizations/${p.organizationNo}/employees/${p.employeeNo}`;
  const dependent = p.dependentNo;
  const get = (path: string): Exclude<LoadRequest, string> => ({ method: 'GET', path });
  const query = (params: Record<string, string | number | null>) =>
    new URLSearchParams(
      Object.entries(params)
        .filter((entry): entry is [string, string | number] => entry[1] !== null)
        .map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
  const requests = [get(employee)];
  if (dependent !== null) requests.push(get(`${employee}/dependents/${dependent}`));
  requests.push(get(`${employee}/coverages`), {
    method: 'POST',
    path: '/members-hub/v1/member/GetCommunicationPref',
    body: {
      organizationNo: p.organizationNo,
      employeeNo: p.employeeNo,
      ...(dependent === null ? {} : { dependentNo: dependent }),
    },
  });
  if (dependent !== null) {
    requests.push(
      get(
        `/members-hub/v1/member/confidentiality?${query({
          organizationNo: p.organizationNo,
          employeeNo: p.employeeNo,
          dependentNo: dependent,
          birthDate: p.birthdate,
        })}`,
      ),
    );
  }
  const paIdentifiers = query({
    alternateId: p.alternateId ?? p.generatedId,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: paDate(p.birthdate),
  });
  requests.push(
    get(
      `/comm-manager/aorSignature?${query({
        memberID: p.generatedId,
        orgID: p.organizationNo,
        employeeNo: p.employeeNo,
        dependentNo: dependent,
      })}`,
    ),
    get(`/portal/v1/priorauth/agadia?${paIdentifiers}`),
    get(`/plans/v1/groupinfo/${p.organizationNo}`),
    get(`/portal/v1/priorauth/agadia/plan-history?${paIdentifiers}`),
  );
  if (tabs.claims) {
    requests.push(
      get(`${employee}/pbm-links`),
      get(
        `${employee}/claims?${query({ limit: DEFAULT_PAGE_SIZE, offset: 0, dependentNo: dependent })}`,
      ),
    );
  }
  if (tabs.notes) {
    requests.push(
      get(
        `/issues/v1/records/members/${p.employeeNo}?${query({
          limit: RECENT_ISSUES_LIMIT,
          organizationNo: p.organizationNo,
          dependentNo: dependent,
        })}`,
      ),
    );
  }
  if (tabs.pbc) {
    requests.push({
      ...get(`/plans/v1/pbc?${query({ employeeNo: p.employeeNo, dependentNo: dependent })}`),
      // 'PBC not available': an organization without plan benefit content.
      expect: [404],
    });
  }
  return requests;
}

/**
 * The member detail's calls for members and dependents of the sample, opening after opening
 * (about 10 calls each), `count` requests in all.
 */
export function memberDetailRequests(
  dataset: MemberDataset,
  options: { fullySeededOrganizationNos?: readonly number[]; count?: number; seed?: number } = {},
): LoadRequest[] {
  const random = createRandom(options.seed ?? 2029);
  const full = new Set(options.fullySeededOrganizationNos ?? []);
  const fullEmployees = dataset.sample.filter((e) => full.has(e.organizationNo));
  const fullDependents = dataset.dependentSample.filter((d) => full.has(d.organizationNo));
  if (dataset.sample.length === 0) throw new Error('no seeded employees to open');
  const requests: LoadRequest[] = [];
  while (requests.length < (options.count ?? 2000)) {
    const fully = fullEmployees.length > 0 && random.next() < MEMBER_DETAIL_MIX.fullySeeded;
    const employees = fully ? fullEmployees : dataset.sample;
    const dependents = fully ? fullDependents : dataset.dependentSample;
    const opened: Opened =
      dependents.length > 0 && random.next() < MEMBER_DETAIL_MIX.dependent
        ? { ...random.pick(dependents) }
        : { ...random.pick(employees), dependentNo: null };
    requests.push(
      ...openingRequests(opened, {
        claims: random.next() < MEMBER_DETAIL_MIX.claimsTab,
        notes: random.next() < MEMBER_DETAIL_MIX.notesTab,
        pbc: random.next() < MEMBER_DETAIL_MIX.pbcTab,
      }),
    );
  }
  return requests.slice(0, options.count ?? 2000);
}
