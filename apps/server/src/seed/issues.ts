import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ISSUE_STATUS, initialIssueStatus, type FurtherAction } from '@pillar/domain';
import type { DB } from '../database.ts';
import { minimalPdf } from './files.ts';
import { addDays, type SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

/**
 * Demo call notes (issue 13): open, pending and done issues the agent persona recorded for the
 * first members of Cedar Valley Manufacturing (organization slot 0), with follow-up comments and
 * attachments, plus one under 'Organization Not Found'. The seed has no file storage at hand,
 * so attachments' content is staged in member_issue_attachment_seed_content and moved into
 * storage by the issues module when the server starts.
 */

interface DemoIssue {
  /** The member by position among the organization's first employees; null: no member. */
  member: number | null;
  type: string;
  subType: string;
  relationship: number;
  /** 'member' and 'spouse' name the caller after the member; anything else is the name. */
  caller: string;
  method: 'Call' | 'Email' | 'Chat';
  furtherAction: FurtherAction;
  daysAgo: number;
  details: string;
  comments: readonly string[];
  /** Marked Done with the last comment. */
  done?: boolean;
  location?: string;
  npi?: string;
  attachments?: readonly { name: string; content: (random: SeededRandom) => Buffer }[];
}

function emailFile(subject: string, body: string): Buffer {
  return Buffer.from(
    [
      'From: Member Services <member.services@cedarvalley.example>',
      'To: Pharmacy Help Desk <help@pillar.example>',
      `Subject: ${subject}`,
      'Date: Mon, 16 Nov 2026 09:12:00 -0500',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n'),
    'utf8',
  );
}

const DEMO_ISSUES: readonly DemoIssue[] = [
  {
    member: 0,
    type: 'Claims',
    subType: 'Claim rejected at pharmacy',
    relationship: 1,
    caller: 'member',
    method: 'Call',
    furtherAction: 'None',
    daysAgo: 2,
    details:
      'Member called: a refill was rejected at the pharmacy as "refill too soon". Explained the 75% rule and the date the refill becomes available.',
    comments: ['Called the member back to confirm the pharmacy ran the claim again.'],
    attachments: [
      {
        name: 'Pharmacy rejection notice.pdf',
        content: () =>
          minimalPdf('Rejection notice', [
            'Reject code 79: refill too soon',
            'Next fill: in 6 days',
          ]),
      },
    ],
  },
  {
    member: 1,
    type: 'Prior Authorization',
    subType: 'PA status',
    relationship: 7,
    caller: 'Dr. Alana Ortiz',
    method: 'Call',
    furtherAction: 'Pending',
    daysAgo: 5,
    location: 'Riverside Family Medicine',
    npi: '1457391826',
    details:
      "Prescriber's office asked for the status of the prior authorization; chart notes were faxed yesterday. Waiting on the clinical review.",
    comments: [
      'Clinical review still in progress; office told to expect a decision in 3 business days.',
    ],
  },
  {
    member: 2,
    type: 'ID Card',
    subType: 'Card not received',
    relationship: 2,
    caller: 'spouse',
    method: 'Email',
    furtherAction: 'None',
    daysAgo: 20,
    details: 'Spouse wrote that the new ID cards have not arrived. Address on file confirmed.',
    comments: ['Temporary ID card e-mailed; new cards requested.'],
    done: true,
    attachments: [
      {
        name: 'Member email - ID cards.eml',
        content: () =>
          emailFile('ID cards', 'Hello, our new ID cards never arrived. Can you send them again?'),
      },
    ],
  },
  {
    member: 3,
    type: 'Billing',
    subType: 'Deductible or out-of-pocket accumulator',
    relationship: 3,
    caller: 'HR benefits team',
    method: 'Chat',
    furtherAction: 'Client Services',
    daysAgo: 9,
    details:
      "The employer's benefits team asked why the member's deductible shows as unmet after two specialty fills.",
    comments: [],
    attachments: [
      {
        name: 'Accumulator report.csv',
        content: () =>
          Buffer.from(
            'fill_date,drug,member_paid,applied_to_deductible\n2026-10-02,Specialty A,250.00,250.00\n2026-10-30,Specialty A,250.00,0.00\n',
            'utf8',
          ),
      },
    ],
  },
  {
    member: 0,
    type: 'Portal Access',
    subType: 'Account locked',
    relationship: 1,
    caller: 'member',
    method: 'Call',
    furtherAction: 'None',
    daysAgo: 45,
    details: 'Member locked out of the member portal after several password attempts.',
    comments: ['Unlocked the portal account; member signed in while on the call.'],
    done: true,
  },
  {
    member: null,
    type: 'Eligibility',
    subType: 'Member not found',
    relationship: 6,
    caller: 'Main Street Pharmacy',
    method: 'Call',
    furtherAction: 'None',
    daysAgo: 1,
    location: 'Dayton, OH',
    npi: '1093817465',
    details:
      'Pharmacy could not find the patient under the BIN/PCN on the card; no member found by name and birth date. Asked the pharmacy to confirm the group number with the patient.',
    comments: [],
  },
];

/** Demo data of the area; deterministic from the context's seed. */
export async function seedIssues(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const random = context.randomFor('issues');
  const agent = context.userNos.get('agent');
  const organization = context.organizations[0];
  if (agent === undefined || !organization) return;
  const employees = await db
    .selectFrom('employee')
    .select(['employee_no', 'first_name', 'last_name'])
    .where('organization_no', '=', organization.organization_no)
    .orderBy('employee_no')
    .limit(4)
    .execute();
  const types = await db
    .selectFrom('member_issue_subtype as s')
    .innerJoin('member_issue_type as t', 't.member_issue_type_no', 's.member_issue_type_no')
    .select([
      't.name as type_name',
      's.name as subtype_name',
      's.member_issue_type_no',
      's.member_issue_subtype_no',
    ])
    .execute();
  for (const demo of DEMO_ISSUES) {
    const employee = demo.member === null ? null : employees[demo.member];
    if (demo.member !== null && !employee) continue;
    const type = types.find((t) => t.type_name === demo.type && t.subtype_name === demo.subType);
    if (!type) throw new Error(`seed: no issue sub type ${demo.type} / ${demo.subType}`);
    const created = new Date(
      `${addDays(context.today, -demo.daysAgo)}T${String(13 + (demo.daysAgo % 5)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`,
    );
    const closed = demo.done ? new Date(created.getTime() + 26 * 3_600_000) : null;
    const callerName =
      demo.caller === 'member' && employee
        ? `${employee.first_name} ${employee.last_name}`
        : demo.caller === 'spouse' && employee
          ? `Spouse of ${employee.first_name} ${employee.last_name}`
          : demo.caller;
    const { issue_no: issueNo } = await db
      .insertInto('member_issue')
      .values({
        organization_no: employee ? organization.organization_no : null,
        employee_no: employee?.employee_no ?? null,
        dependent_no: null,
        process_status: closed ? ISSUE_STATUS.done : initialIssueStatus(demo.furtherAction),
        further_action: demo.furtherAction,
        call_id: `CALL-${String(random.int(100_000, 999_999))}`,
        communication_method: demo.method,
        relationship: demo.relationship,
        caller_name: callerName,
        phone_no: demo.method === 'Call' ? `937-555-${String(random.int(1000, 9999))}` : null,
        npi: demo.npi ?? null,
        location: demo.location ?? null,
        member_issue_type_no: type.member_issue_type_no,
        member_issue_subtype_no: type.member_issue_subtype_no,
        eocs: '[]',
        created_at: created,
        created_by: agent,
        closed_at: closed,
        closed_by: closed ? agent : null,
        updated_by: agent,
      })
      .returning('issue_no')
      .executeTakeFirstOrThrow();
    const comments = [demo.details, ...demo.comments];
    for (const [index, comment] of comments.entries()) {
      await db
        .insertInto('member_issue_comment')
        .values({
          issue_no: issueNo,
          comment,
          created_at: new Date(created.getTime() + index * 3_600_000),
          created_by: agent,
        })
        .execute();
    }
    for (const [position, attachment] of (demo.attachments ?? []).entries()) {
      const fileId = random.uuid();
      const content = attachment.content(random);
      await db
        .insertInto('member_issue_attachment')
        .values({
          file_id: fileId,
          issue_no: issueNo,
          file_name: attachment.name,
          size_bytes: content.length,
          sha256: crypto.createHash('sha256').update(content).digest('hex'),
          storage_key: `issues/${fileId}`,
          position,
          created_at: created,
          created_by: agent,
        })
        .execute();
      await db
        .insertInto('member_issue_attachment_seed_content')
        .values({ file_id: fileId, content })
        .execute();
    }
  }
}
