import { MAINTENANCE_TYPES } from './codes-834.ts';
import { ELEMENT_RULES, IK4, isDateInFormat } from './element-rules.ts';
import { MAP_834, elementName, flattenLoops, type LoopDef } from './map-834.ts';
import type { Segment } from './tokenizer.ts';
import type {
  CoverageSummary,
  ElementError,
  LoopNode,
  MemberSummary,
  SegmentError,
  SegmentNode,
} from './types.ts';

/** IK304 codes (005010X231A1) for the segment errors the reader finds. */
export const IK3 = {
  unrecognized: '1',
  unexpected: '2',
  requiredMissing: '3',
  loopOverMax: '4',
  elementErrors: '8',
} as const;

const KNOWN_SEGMENTS = new Set(
  flattenLoops().flatMap(({ loop }) => [loop.leader.segment, ...loop.segments]),
);

function leaderMatches(loop: LoopDef, segment: Segment): boolean {
  if (loop.leader.segment !== segment.id) return false;
  return (
    !loop.leader.qualifiers || loop.leader.qualifiers.includes((segment.elements[1] ?? '').trim())
  );
}

function newLoop(def: LoopDef): LoopNode {
  return { id: def.id, name: def.name, segments: [], loops: [] };
}

interface Frame {
  def: LoopDef;
  node: LoopNode;
  /** How many of each child loop this loop holds so far (counting by filter was quadratic). */
  counts: Map<string, number>;
}

export interface BuilderOptions {
  /**
   * False: each member loop (2000) leaves the tree once it is summarised and checked, so memory
   * holds the summaries, not a large file's loops. True (the default) keeps the whole tree.
   */
  keepTree?: boolean;
}

/**
 * Builds one 834 transaction set into a tree of loops, segment by segment, the way the guide nests
 * them: a segment belongs to the innermost open loop that lists it, or opens the innermost loop
 * whose leading segment (and qualifier) it is. A segment nothing accepts is kept in the open loop
 * and reported, never dropped.
 */
export class Transaction834Builder {
  readonly tree: LoopNode;
  readonly segmentErrors: SegmentError[] = [];
  readonly members: MemberSummary[] = [];
  private readonly stack: Frame[];
  private readonly keepTree: boolean;
  private member: LoopNode | undefined;
  private count = 0;

  constructor(st: Segment, options: BuilderOptions = {}) {
    this.keepTree = options.keepTree ?? true;
    this.tree = newLoop(MAP_834);
    this.stack = [{ def: MAP_834, node: this.tree, counts: new Map() }];
    this.add(st, this.stack[0]!);
  }

  /** Number of segments so far, ST included. */
  get segmentCount(): number {
    return this.count;
  }

  push(segment: Segment): void {
    for (let depth = this.stack.length - 1; depth >= 0; depth--) {
      const frame = this.stack[depth]!;
      if (frame.def.segments.includes(segment.id)) {
        this.stack.length = depth + 1;
        this.add(segment, frame);
        return;
      }
      const child = frame.def.loops.find((loop) => leaderMatches(loop, segment));
      if (child) {
        this.stack.length = depth + 1;
        if (child.id === '2000') this.closeMember();
        const node = newLoop(child);
        const repeats = frame.counts.get(child.id) ?? 0;
        frame.counts.set(child.id, repeats + 1);
        frame.node.loops.push(node);
        if (child.id === '2000') this.member = node;
        const next = { def: child, node, counts: new Map<string, number>() };
        this.stack.push(next);
        const added = this.add(segment, next);
        if (child.maxRepeat !== undefined && repeats >= child.maxRepeat) {
          this.error(
            added,
            child.id,
            IK3.loopOverMax,
            `Loop ${child.id} occurs more than ${child.maxRepeat} times`,
          );
        }
        return;
      }
    }
    const top = this.stack[this.stack.length - 1]!;
    const added = this.add(segment, top, false);
    const known = KNOWN_SEGMENTS.has(segment.id);
    this.error(
      added,
      top.def.id,
      known ? IK3.unexpected : IK3.unrecognized,
      known
        ? `Segment ${segment.id} is not expected in loop ${top.def.id}`
        : `Segment ${segment.id} is not recognized`,
    );
  }

  /** Counts the SE and checks the segments every 834 must have; returns the members. */
  finish(se: Segment | undefined): MemberSummary[] {
    this.closeMember();
    if (se) this.count++;
    const end = se ?? { id: 'SE', elements: ['SE'], position: 0 };
    const missing = (segment: string, loopId: string, message: string) =>
      this.missing(segment, loopId, message, this.count, end.position);
    const root = this.tree;
    if (!root.segments.some((segment) => segment.id === 'BGN'))
      missing('BGN', 'ST', 'The BGN segment is missing');
    if (!root.loops.some((loop) => loop.id === '1000A'))
      missing('N1', '1000A', 'The sponsor (N1*P5, loop 1000A) is missing');
    if (!root.loops.some((loop) => loop.id === '1000B'))
      missing('N1', '1000B', 'The payer (N1*IN, loop 1000B) is missing');
    if (this.members.length === 0)
      missing('INS', '2000', 'The transaction has no member (INS, loop 2000)');
    return this.members;
  }

  /** Checks and summarises the member loop just ended; drops it from the tree unless kept. */
  private closeMember(): void {
    const member = this.member;
    if (!member) return;
    this.member = undefined;
    const ins = member.segments[0]!;
    if (
      !member.segments.some(
        (segment) => segment.id === 'REF' && segment.elements[0]?.value.trim() === '0F',
      )
    ) {
      this.missing(
        'REF',
        '2000',
        'The subscriber identifier (REF*0F) is missing',
        ins.position,
        ins.filePosition,
      );
    }
    if (!member.loops.some((loop) => loop.id === '2100A')) {
      this.missing(
        'NM1',
        '2100A',
        'The member name (NM1*IL, loop 2100A) is missing',
        ins.position,
        ins.filePosition,
      );
    }
    this.members.push(summarizeMember(member));
    if (!this.keepTree && this.tree.loops.at(-1) === member) this.tree.loops.pop();
  }

  private missing(
    segment: string,
    loopId: string,
    message: string,
    position: number,
    filePosition: number,
  ): void {
    this.segmentErrors.push({
      segment,
      position,
      filePosition,
      loopId,
      code: IK3.requiredMissing,
      message,
      severity: 'reject',
      elements: [],
    });
  }

  private add(segment: Segment, frame: Frame, check = true): SegmentNode {
    this.count++;
    const node: SegmentNode = {
      id: segment.id,
      position: this.count,
      filePosition: segment.position,
      elements: segment.elements.slice(1).map((value, index) => {
        const ref = `${segment.id}${String(index + 1).padStart(2, '0')}`;
        const name = elementName(segment.id, index + 1);
        return name ? { ref, name, value } : { ref, value };
      }),
    };
    frame.node.segments.push(node);
    if (check) {
      const elementErrors = checkElements(node, frame.def.id);
      if (elementErrors.length > 0) {
        this.segmentErrors.push({
          segment: node.id,
          position: node.position,
          filePosition: node.filePosition,
          loopId: frame.def.id,
          code: IK3.elementErrors,
          message: `Segment ${node.id} has element errors`,
          severity: elementErrors.some((error) => error.severity === 'reject') ? 'reject' : 'note',
          elements: elementErrors,
        });
      }
    }
    return node;
  }

  private error(node: SegmentNode, loopId: string, code: string, message: string): void {
    this.segmentErrors.push({
      segment: node.id,
      position: node.position,
      filePosition: node.filePosition,
      loopId,
      code,
      message,
      severity: 'reject',
      elements: [],
    });
  }
}

/**
 * Element checks: a missing required element rejects the transaction; a wrong code, a bad date or
 * a value too long is noted (the transaction is accepted with errors) — decision 0119.
 */
export function checkElements(segment: SegmentNode, loopId: string): ElementError[] {
  const rules = ELEMENT_RULES[segment.id];
  if (!rules) return [];
  const errors: ElementError[] = [];
  for (const [key, rule] of Object.entries(rules)) {
    const position = Number(key);
    const value = (segment.elements[position - 1]?.value ?? '').trim();
    const ref = `${segment.id}${String(position).padStart(2, '0')}`;
    const base = { position, ref, dataElement: rule.dataElement };
    if (value === '') {
      if (rule.required) {
        errors.push({
          ...base,
          code: IK4.requiredMissing,
          message: `${ref} is required`,
          severity: 'reject',
        });
      }
      continue;
    }
    const codes = typeof rule.codes === 'function' ? rule.codes(loopId) : rule.codes;
    if (codes && !codes.includes(value)) {
      errors.push({
        ...base,
        code: IK4.invalidCode,
        value,
        message: `${ref} "${value}" is not a valid code here`,
        severity: 'note',
      });
    } else if (rule.max !== undefined && value.length > rule.max) {
      errors.push({
        ...base,
        code: IK4.tooLong,
        value,
        message: `${ref} is longer than ${rule.max} characters`,
        severity: 'note',
      });
    }
  }
  const dateError = checkDate(segment);
  if (dateError) errors.push(dateError);
  return errors;
}

function checkDate(segment: SegmentNode): ElementError | undefined {
  const at =
    segment.id === 'DTP'
      ? { format: 2, date: 3 }
      : segment.id === 'DMG'
        ? { format: 1, date: 2 }
        : undefined;
  if (!at) return undefined;
  const format = segment.elements[at.format - 1]?.value.trim() ?? '';
  const value = segment.elements[at.date - 1]?.value.trim() ?? '';
  if (value === '' || !['D8', 'RD8'].includes(format) || isDateInFormat(format, value))
    return undefined;
  const ref = `${segment.id}${String(at.date).padStart(2, '0')}`;
  return {
    position: at.date,
    ref,
    dataElement: 1251,
    code: IK4.invalidDate,
    value,
    message: `${ref} "${value}" is not a ${format} date`,
    severity: 'note',
  };
}

const value = (segment: SegmentNode | undefined, index: number): string | undefined => {
  const text = segment?.elements[index - 1]?.value.trim();
  return text ? text : undefined;
};

function summarizeMember(loop: LoopNode): MemberSummary {
  const ins = loop.segments[0]!;
  const ref = (qualifier: string) =>
    loop.segments.find((segment) => segment.id === 'REF' && value(segment, 1) === qualifier);
  const name = loop.loops.find((child) => child.id === '2100A');
  const nm1 = name?.segments[0];
  const dmg = name?.segments.find((segment) => segment.id === 'DMG');
  const maintenanceType = value(ins, 3) ?? '';
  // NM108 "34" marks NM109 as the SSN. Without it a subscriber's identifier (REF*0F) is the SSN in
  // most sponsor files when it has nine digits; a dependent's REF*0F is the subscriber's, never
  // the dependent's own SSN.
  const subscriber = value(ins, 1) === 'Y';
  const subscriberId = value(ref('0F'), 2);
  const ssn =
    value(nm1, 8) === '34'
      ? value(nm1, 9)
      : subscriber && subscriberId && /^\d{9}$/.test(subscriberId)
        ? subscriberId
        : undefined;
  const memberDate = (qualifier: string) =>
    value(
      loop.segments.find((segment) => segment.id === 'DTP' && value(segment, 1) === qualifier),
      3,
    );
  const coverages: CoverageSummary[] = loop.loops
    .filter((child) => child.id === '2300')
    .map((coverage) => {
      const hd = coverage.segments[0]!;
      const date = (qualifier: string) =>
        value(
          coverage.segments.find(
            (segment) => segment.id === 'DTP' && value(segment, 1) === qualifier,
          ),
          3,
        );
      return compact({
        maintenanceType: value(hd, 1) ?? '',
        insuranceLine: value(hd, 3) ?? '',
        planDescription: value(hd, 4),
        coverageLevel: value(hd, 5),
        begin: date('348'),
        end: date('349'),
      });
    });
  return compact({
    filePosition: ins.filePosition,
    subscriber,
    relationship: value(ins, 2) ?? '',
    maintenanceType,
    maintenanceName: MAINTENANCE_TYPES[maintenanceType],
    maintenanceReason: value(ins, 4),
    subscriberId,
    group: value(ref('1L'), 2),
    lastName: value(nm1, 3),
    firstName: value(nm1, 4),
    middleName: value(nm1, 5),
    ssn,
    birthDate: value(dmg, 1) === 'D8' ? value(dmg, 2) : undefined,
    gender: value(dmg, 3),
    eligibilityBegin: memberDate('356'),
    eligibilityEnd: memberDate('357'),
    coverages,
  });
}

/** Drops the undefined keys so the JSON shows only what the file has. */
function compact<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, entry]) => entry !== undefined)) as T;
}
