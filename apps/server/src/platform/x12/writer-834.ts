import type { Delimiters } from './tokenizer.ts';
import type { MemberSummary } from './types.ts';

/** Delimiters of the 834s we write. */
export const WRITE_DELIMITERS: Delimiters = {
  element: '*',
  repetition: '^',
  component: ':',
  segment: '~',
};

export interface Write834Options {
  sender: { qualifier: string; id: string };
  receiver: { qualifier: string; id: string };
  sponsor: { name: string; taxId: string };
  payer: { name: string; taxId: string };
  /** ISA13, GS06 and the BGN reference; 1 to 999999999. */
  controlNumber: number;
  now: Date;
  /** BGN08: 2 (changes only) or 4 (verify, a full audit file). */
  action: '2' | '4';
  test?: boolean;
}

const pad = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ');
const digits = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * Element values may not hold a delimiter; any that does is replaced by a space. Only the X12
 * character sets' printable ASCII is written: accents are taken off ('JOSÉ' is 'JOSE'), and control
 * characters (a line break typed into a name) or other letters are dropped, as receivers refuse
 * them.
 */
function clean(value: string | undefined, d: Delimiters): string {
  if (!value) return '';
  let out = '';
  for (const character of value.normalize('NFD')) {
    if (character < ' ' || character > '~') continue;
    out += [d.element, d.segment, d.component, d.repetition].includes(character) ? ' ' : character;
  }
  return out.trim();
}

function memberSegments(member: MemberSummary, d: Delimiters): string[][] {
  const c = (value: string | undefined) => clean(value, d);
  const segments: string[][] = [
    [
      'INS',
      member.subscriber ? 'Y' : 'N',
      c(member.relationship),
      c(member.maintenanceType),
      c(member.maintenanceReason),
      'A',
    ],
    ['REF', '0F', c(member.subscriberId)],
  ];
  if (member.group) segments.push(['REF', '1L', c(member.group)]);
  if (member.eligibilityBegin) segments.push(['DTP', '356', 'D8', c(member.eligibilityBegin)]);
  if (member.eligibilityEnd) segments.push(['DTP', '357', 'D8', c(member.eligibilityEnd)]);
  segments.push([
    'NM1',
    'IL',
    '1',
    c(member.lastName),
    c(member.firstName),
    c(member.middleName),
    '',
    '',
    ...(member.ssn ? ['34', c(member.ssn)] : []),
  ]);
  // DMG03 is required by 005010X220A1: U (unknown) when the gender is not known.
  if (member.birthDate) segments.push(['DMG', 'D8', c(member.birthDate), c(member.gender) || 'U']);
  for (const coverage of member.coverages) {
    segments.push([
      'HD',
      c(coverage.maintenanceType),
      '',
      c(coverage.insuranceLine),
      c(coverage.planDescription),
      c(coverage.coverageLevel),
    ]);
    if (coverage.begin) segments.push(['DTP', '348', 'D8', c(coverage.begin)]);
    if (coverage.end) segments.push(['DTP', '349', 'D8', c(coverage.end)]);
  }
  return segments;
}

/**
 * Writes members as one 005010X220A1 interchange (issue 17's export): one group, one transaction
 * set, the member loops from the summaries the reader produces, so reading the output answers the
 * same summaries. Counts and control numbers are computed, never typed.
 */
export function write834(members: readonly MemberSummary[], options: Write834Options): string {
  const d = WRITE_DELIMITERS;
  const c = (value: string) => clean(value, d);
  const yyyy = String(options.now.getUTCFullYear());
  const mmdd = `${digits(options.now.getUTCMonth() + 1, 2)}${digits(options.now.getUTCDate(), 2)}`;
  const hhmm = `${digits(options.now.getUTCHours(), 2)}${digits(options.now.getUTCMinutes(), 2)}`;
  const control = digits(options.controlNumber, 9);
  const isa = [
    'ISA',
    '00',
    pad('', 10),
    '00',
    pad('', 10),
    pad(options.sender.qualifier, 2),
    pad(c(options.sender.id), 15),
    pad(options.receiver.qualifier, 2),
    pad(c(options.receiver.id), 15),
    `${yyyy.slice(2)}${mmdd}`,
    hhmm,
    d.repetition,
    '00501',
    control,
    '0',
    options.test ? 'T' : 'P',
    d.component,
  ];
  const body: string[][] = [
    ['ST', '834', '0001', '005010X220A1'],
    [
      'BGN',
      '00',
      String(options.controlNumber),
      `${yyyy}${mmdd}`,
      hhmm,
      '',
      '',
      '',
      options.action,
    ],
    ['N1', 'P5', c(options.sponsor.name), 'FI', c(options.sponsor.taxId)],
    ['N1', 'IN', c(options.payer.name), 'FI', c(options.payer.taxId)],
    ...members.flatMap((member) => memberSegments(member, d)),
  ];
  body.push(['SE', String(body.length + 1), '0001']);
  const segments = [
    isa,
    [
      'GS',
      'BE',
      c(options.sender.id),
      c(options.receiver.id),
      `${yyyy}${mmdd}`,
      hhmm,
      String(options.controlNumber),
      'X',
      '005010X220A1',
    ],
    ...body,
    ['GE', '1', String(options.controlNumber)],
    ['IEA', '1', control],
  ];
  return segments.map((elements) => `${trimEnd(elements).join(d.element)}${d.segment}\n`).join('');
}

function trimEnd(elements: string[]): string[] {
  let end = elements.length;
  while (end > 1 && elements[end - 1] === '') end--;
  return elements.slice(0, end);
}
