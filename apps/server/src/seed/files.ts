import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../database.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';
import { addDays, type SeededRandom } from './random.ts';
import type { PersonaKey } from './personas.ts';
import type { SeedContext } from './seed-context.ts';

/**
 * Demo files between the account manager and the client and broker of Cedar Valley
 * Manufacturing (organization slot 0), plus one each in slots 1 and 2. The seed has no file
 * storage at hand, so the content is staged in file_seed_content and moved into storage by the
 * files module when the server starts (modules/files/seed-content.repo.ts).
 */

/** A one-page PDF with lines of Helvetica text, cross-reference table and all. */
export function minimalPdf(title: string, lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    'BT /F1 16 Tf 56 780 Td',
    `(${escape(title)}) Tj`,
    '/F1 10 Tf 0 -28 Td 14 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function eligibilityCsv(random: SeededRandom, rows: number, today: string): Buffer {
  const lines = [
    'employee_id,last_name,first_name,date_of_birth,relationship,group_id,effective_date,status',
  ];
  for (let i = 0; i < rows; i++) {
    const dob = random.date('1958-01-01', '2004-12-31');
    lines.push(
      [
        `E${String(100_000 + random.int(0, 899_999))}`,
        random.pick(LAST_NAMES),
        random.pick(FIRST_NAMES),
        dob,
        random.pick(['EE', 'EE', 'SP', 'CH']),
        `00001-0${random.int(1, 4)}`,
        addDays(today, -random.int(10, 400)),
        random.chance(0.9) ? 'A' : 'T',
      ].join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

function invoiceCsv(random: SeededRandom): Buffer {
  const lines = ['invoice_no,group_id,claim_count,ingredient_cost,dispensing_fee,admin_fee,total'];
  for (let i = 0; i < 12; i++) {
    const claims = random.int(200, 1800);
    const cost = (claims * random.int(40, 140)).toFixed(2);
    const dispensing = (claims * 1.75).toFixed(2);
    const admin = (claims * 0.85).toFixed(2);
    const total = (Number(cost) + Number(dispensing) + Number(admin)).toFixed(2);
    lines.push(
      `INV-2026-10-${String(i + 1).padStart(3, '0')},00001-0${(i % 4) + 1},${claims},${cost},${dispensing},${admin},${total}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

interface DemoFile {
  name: string;
  categoryId: number;
  phi: boolean;
  slot: number;
  from: PersonaKey;
  to: PersonaKey[];
  daysAgo: number;
  content: (random: SeededRandom, today: string) => Buffer;
}

const DEMO_FILES: readonly DemoFile[] = [
  {
    name: 'Cedar Valley Eligibility Reconciliation 2026-10.csv',
    categoryId: 1,
    phi: true,
    slot: 0,
    from: 'accountManager',
    to: ['client', 'broker'],
    daysAgo: 3,
    content: (random, today) => eligibilityCsv(random, 48, today),
  },
  {
    name: 'Q3 2026 Pharmacy Claims Summary.pdf',
    categoryId: 5,
    phi: false,
    slot: 0,
    from: 'accountManager',
    to: ['client', 'broker'],
    daysAgo: 9,
    content: () =>
      minimalPdf('Cedar Valley Manufacturing - Q3 2026 Pharmacy Claims Summary', [
        'Paid claims: 14,382    Members utilizing: 2,911',
        'Generic dispensing rate: 88.4%    Mail order utilization: 11.2%',
        'Gross cost: $3,418,920.55    Member cost share: $512,838.08',
        'Specialty share of cost: 41.7% (62 members)',
        'Top therapeutic classes: antidiabetics, immunology, oncology.',
      ]),
  },
  {
    name: 'Plan Year 2027 Renewal Notes.txt',
    categoryId: 4,
    phi: false,
    slot: 0,
    from: 'accountManager',
    to: ['client'],
    daysAgo: 14,
    content: () =>
      Buffer.from(
        [
          'Cedar Valley Manufacturing - plan year 2027 renewal',
          '',
          '1. Formulary moves to the Standard Control list on 01/01/2027.',
          '2. Specialty drugs fill through the exclusive specialty pharmacy; members get a letter in December.',
          '3. Mail order copay for maintenance generics drops to $10 for 90 days.',
          '4. Please confirm the new-hire waiting period (currently 30 days) by 12/01/2026.',
          '',
        ].join('\n'),
      ),
  },
  {
    name: 'October 2026 Invoice Detail.csv',
    categoryId: 3,
    phi: false,
    slot: 0,
    from: 'accountManager',
    to: ['client'],
    daysAgo: 20,
    content: (random) => invoiceCsv(random),
  },
  {
    name: 'New Hires November 2026.csv',
    categoryId: 1,
    phi: true,
    slot: 0,
    from: 'client',
    to: ['accountManager'],
    daysAgo: 1,
    content: (random, today) => eligibilityCsv(random, 12, today),
  },
  {
    name: 'Cedar Valley Renewal Questions.txt',
    categoryId: 6,
    phi: false,
    slot: 0,
    from: 'broker',
    to: ['accountManager'],
    daysAgo: 6,
    content: () =>
      Buffer.from(
        'Questions from the broker on the 2027 renewal:\n- Can the rebate guarantee move to 3TIER?\n- Is the Express Scripts network disruption report ready?\n',
      ),
  },
  {
    name: 'Harbor Point Formulary Change Notice.pdf',
    categoryId: 4,
    phi: false,
    slot: 1,
    from: 'accountManager',
    to: ['broker'],
    daysAgo: 11,
    content: () =>
      minimalPdf('Harbor Point Teamsters Local 12 - Formulary Change Notice', [
        'Effective 01/01/2027 the following drugs move to non-preferred brand:',
        'Januvia, Xarelto (generic alternatives available).',
        'Members currently taking them will receive a letter 30 days in advance.',
      ]),
  },
  {
    name: 'Northfield Eligibility File Layout.txt',
    categoryId: 1,
    phi: false,
    slot: 2,
    from: 'accountManager',
    to: ['dataMapper'],
    daysAgo: 25,
    content: () =>
      Buffer.from(
        'Fixed-length layout, 250 bytes per record:\n001-009 SSN\n010-034 Last name\n035-049 First name\n050-057 Date of birth (CCYYMMDD)\n',
      ),
  },
];

/** Demo data of the area; deterministic from the context's seed. */
export async function seedFiles(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const random = context.randomFor('files');
  for (const demo of DEMO_FILES) {
    const organization = context.organizations[demo.slot];
    const owner = context.userNos.get(demo.from);
    const recipients = demo.to.map((key) => context.userNos.get(key));
    if (!organization || owner === undefined || recipients.some((r) => r === undefined)) continue;
    const fileId = random.uuid();
    const content = demo.content(random, context.today);
    const created = `${addDays(context.today, -demo.daysAgo)}T${String(13 + (demo.daysAgo % 6)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`;
    await db
      .insertInto('file')
      .values({
        file_id: fileId,
        name: demo.name,
        category_id: demo.categoryId,
        phi: demo.phi,
        organization_no: organization.organization_no,
        size_bytes: content.length,
        sha256: crypto.createHash('sha256').update(content).digest('hex'),
        storage_key: fileId,
        created_at: new Date(created),
        created_by: owner,
        updated_at: new Date(created),
        updated_by: owner,
      })
      .execute();
    await db
      .insertInto('file_recipient')
      .values(
        recipients.map((user_no) => ({ file_id: fileId, user_no: user_no!, created_by: owner })),
      )
      .execute();
    await db.insertInto('file_seed_content').values({ file_id: fileId, content }).execute();
  }
}
