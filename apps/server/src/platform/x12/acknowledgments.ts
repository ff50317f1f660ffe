import type { Delimiters } from './tokenizer.ts';
import type {
  EnvelopeError,
  GroupResult,
  InterchangeResult,
  ReadResult,
  TransactionResult,
} from './types.ts';

/** Delimiters of the acknowledgments we write. */
export const ACK_DELIMITERS: Delimiters = {
  element: '*',
  repetition: '^',
  component: ':',
  segment: '~',
};

export interface AckOptions {
  /**
   * Our interchange control number for the acknowledgment (ISA13), 1 to 999999999. acknowledge()
   * writes several interchanges: this is the first one's, the others take the next numbers.
   */
  controlNumber: number;
  now: Date;
  delimiters?: Delimiters;
}

/** The largest ISA13 (nine digits). */
const MAX_CONTROL_NUMBER = 999_999_999;

const pad = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ');
const digits = (value: number, width: number) => String(value).padStart(width, '0');

function stamp(now: Date) {
  const yyyy = String(now.getUTCFullYear());
  const mm = digits(now.getUTCMonth() + 1, 2);
  const dd = digits(now.getUTCDate(), 2);
  return {
    yymmdd: `${yyyy.slice(2)}${mm}${dd}`,
    ccyymmdd: `${yyyy}${mm}${dd}`,
    hhmm: `${digits(now.getUTCHours(), 2)}${digits(now.getUTCMinutes(), 2)}`,
  };
}

/** The ISA answering the given one: sender and receiver swapped, fixed widths padded. */
function answerIsa(received: string[], options: AckOptions, d: Delimiters): string {
  const { yymmdd, hhmm } = stamp(options.now);
  const field = (index: number, fallback: string) => received[index - 1] || fallback;
  return [
    'ISA',
    '00',
    pad('', 10),
    '00',
    pad('', 10),
    pad(field(7, 'ZZ'), 2),
    pad(field(8, ''), 15),
    pad(field(5, 'ZZ'), 2),
    pad(field(6, ''), 15),
    yymmdd,
    hhmm,
    d.repetition || '^',
    '00501',
    digits(options.controlNumber, 9),
    '0',
    field(15, 'P') === 'T' ? 'T' : 'P',
    d.component,
  ].join(d.element);
}

/**
 * Writes segments joined by the terminator, one per line for people reading them. Values copied
 * from the received file (control numbers, ids, IK404's bad data) may hold our delimiters, which
 * the sender's file was free to use as data: each is replaced by a space, and control characters
 * are dropped, so the acknowledgment always parses.
 */
function write(segments: string[][], d: Delimiters): string {
  // Empty trailing elements are left out, as X12 requires.
  return segments
    .map((elements) => {
      const clean = elements.map((value, index) => (index === 0 ? value : cleanValue(value, d)));
      return `${trimEnd(clean).join(d.element)}${d.segment}\n`;
    })
    .join('');
}

function cleanValue(value: string, d: Delimiters): string {
  let out = '';
  for (const character of value) {
    if (character < ' ' || character === '\u007f') continue;
    out += [d.element, d.segment, d.component, d.repetition].includes(character) ? ' ' : character;
  }
  return out.trim();
}

/** A copied value cut to the element's maximum length in 005010X231A1. */
const fit = (value: string, max: number) => value.slice(0, max);

function trimEnd(elements: string[]): string[] {
  let end = elements.length;
  while (end > 1 && elements[end - 1] === '') end--;
  return elements.slice(0, end);
}

/**
 * TA1 (interchange acknowledgment): R with the first note code when the interchange envelope is in
 * error, A with 000 otherwise. It travels in its own ISA/IEA with no functional group.
 */
export function writeTa1(
  interchange: { isa: string[]; errors: EnvelopeError[] },
  options: AckOptions,
): string {
  const d = options.delimiters ?? ACK_DELIMITERS;
  const isa = interchange.isa;
  const first = interchange.errors[0];
  const control = /^\d{9}$/.test(isa[12] ?? '') ? isa[12]! : '000000000';
  const date = /^\d{6}$/.test(isa[8] ?? '') ? isa[8]! : stamp(options.now).yymmdd;
  const time = /^\d{4}$/.test(isa[9] ?? '') ? isa[9]! : stamp(options.now).hhmm;
  const segments = [
    ['TA1', control, date, time, first ? 'R' : 'A', first ? first.code : '000'],
    ['IEA', '0', digits(options.controlNumber, 9)],
  ];
  return `${answerIsa(isa, options, d)}${d.segment}\n${write(segments, d)}`;
}

/** IK5 (transaction set response) for one transaction. */
function transactionResponse(transaction: TransactionResult): string[][] {
  const segments: string[][] = [
    [
      'AK2',
      fit(transaction.transactionSet, 3),
      fit(transaction.controlNumber, 9),
      fit(transaction.implementation, 35),
    ],
  ];
  for (const error of transaction.segmentErrors) {
    segments.push([
      'IK3',
      fit(error.segment, 3),
      String(error.position),
      // IK303 names a loop of the guide: the header has none, and LS/LE belong to loop 2000.
      error.loopId === 'ST' ? '' : error.loopId === 'LS' ? '2000' : error.loopId,
      error.code,
    ]);
    for (const element of error.elements) {
      segments.push([
        'IK4',
        String(element.position),
        String(element.dataElement),
        element.code,
        ...(element.value ? [fit(element.value, 99)] : []),
      ]);
    }
  }
  const codes = transaction.errors.map((error) => error.code);
  if (transaction.status !== 'A' && transaction.segmentErrors.length > 0) codes.push('5');
  segments.push(['IK5', transaction.status, ...[...new Set(codes)].slice(0, 5)]);
  return segments;
}

/** AK1..AK9 for one functional group. */
function groupResponse(group: GroupResult): string[][] {
  const accepted = group.transactions.filter((each) => each.status !== 'R').length;
  return [
    ['AK1', fit(group.functionalId, 2), fit(group.controlNumber, 9), fit(group.version, 12)],
    ...group.transactions.flatMap(transactionResponse),
    [
      'AK9',
      group.status,
      String(group.declaredTransactions ?? group.transactions.length),
      String(group.transactions.length),
      String(accepted),
      ...[...new Set(group.errors.map((error) => error.code))].slice(0, 5),
    ],
  ];
}

/**
 * 999 (implementation acknowledgment, 005010X231A1) for each functional group of the interchange:
 * one ST/SE per group, AK2/IK3/IK4/IK5 for each transaction set, AK9 for the group.
 */
export function write999(interchange: InterchangeResult, options: AckOptions): string {
  const d = options.delimiters ?? ACK_DELIMITERS;
  const { ccyymmdd, hhmm } = stamp(options.now);
  const groupControl = String(options.controlNumber);
  const segments: string[][] = [
    [
      'GS',
      'FA',
      interchange.isa[7] ?? '',
      interchange.isa[5] ?? '',
      ccyymmdd,
      hhmm,
      groupControl,
      'X',
      '005010X231A1',
    ],
  ];
  interchange.groups.forEach((group, index) => {
    const control = digits(index + 1, 4);
    const body = groupResponse(group);
    segments.push(['ST', '999', control, '005010X231A1'], ...body, [
      'SE',
      String(body.length + 2),
      control,
    ]);
  });
  segments.push(
    ['GE', String(interchange.groups.length), groupControl],
    ['IEA', '1', digits(options.controlNumber, 9)],
  );
  return `${answerIsa(interchange.isa, options, d)}${d.segment}\n${write(segments, d)}`;
}

/**
 * The acknowledgments of a read file. A TA1 answers each interchange whose envelope is in error (R
 * with its note code) or whose ISA14 asks for one (A, 000); when no ISA could be read at all, one
 * TA1 answers the unreadable file. A 999 answers each interchange with a sound envelope and at
 * least one functional group (a 999 acknowledges groups, and one with none would be invalid).
 * Text outside every interchange beside a readable one has no interchange of its own to answer:
 * it is reported by the reader's errors, not acknowledged.
 */
export function acknowledge(
  result: ReadResult,
  options: AckOptions,
): { ta1: string | null; ack999: string | null } {
  // Each interchange we write has its own ISA13/IEA02 (and a 999's GS06/GE02), as the envelope
  // rules require of a sender: the TA1s take options.controlNumber and the numbers after it in
  // order, then the 999s the numbers after those; past 999999999 the count goes on from 1.
  let next = options.controlNumber;
  const numbered = (): AckOptions => {
    const controlNumber = next;
    next = next >= MAX_CONTROL_NUMBER ? 1 : next + 1;
    return { ...options, controlNumber };
  };
  const ta1 = [
    ...(result.interchanges.length === 0 && result.errors.length > 0
      ? [writeTa1({ isa: [], errors: result.errors }, numbered())]
      : []),
    ...result.interchanges
      .filter((each) => each.errors.length > 0 || each.isa[13] === '1')
      .map((each) => writeTa1(each, numbered())),
  ].join('');
  const ack999 = result.interchanges
    .filter((each) => each.errors.length === 0 && each.groups.length > 0)
    .map((each) => write999(each, numbered()))
    .join('');
  return { ta1: ta1 || null, ack999: ack999 || null };
}
