/** What the X12 reader produces: the envelopes, each 834 as a tree of loops, and the errors found. */

export interface ElementValue {
  /** Reference designator, e.g. "INS03". */
  ref: string;
  name?: string;
  value: string;
}

export interface SegmentNode {
  id: string;
  /** Position in the transaction set (ST is 1), as the 999 reports it. */
  position: number;
  /** Position in the file (ISA is 1). */
  filePosition: number;
  elements: ElementValue[];
}

export interface LoopNode {
  id: string;
  name: string;
  segments: SegmentNode[];
  loops: LoopNode[];
}

export type Severity = 'reject' | 'note';

export interface ElementError {
  /** Element position in the segment (IK401). */
  position: number;
  ref: string;
  dataElement: number;
  /** IK403 code. */
  code: string;
  value?: string;
  message: string;
  severity: Severity;
}

export interface SegmentError {
  segment: string;
  position: number;
  filePosition: number;
  loopId: string;
  /** IK304 code; "8" when only elements are in error. */
  code: string;
  message: string;
  severity: Severity;
  elements: ElementError[];
}

export interface EnvelopeError {
  /** IK502 for a transaction, AK905 for a group, TA1 note code (I18) for the interchange. */
  code: string;
  message: string;
  filePosition: number;
}

export interface CoverageSummary {
  maintenanceType: string;
  insuranceLine: string;
  planDescription?: string;
  coverageLevel?: string;
  begin?: string;
  end?: string;
}

export interface MemberSummary {
  filePosition: number;
  subscriber: boolean;
  relationship: string;
  maintenanceType: string;
  maintenanceName?: string;
  /** INS04, e.g. 07 termination of benefits, 25 change in identifying data elements. */
  maintenanceReason?: string;
  subscriberId?: string;
  group?: string;
  lastName?: string;
  firstName?: string;
  middleName?: string;
  ssn?: string;
  birthDate?: string;
  gender?: string;
  /** The member's eligibility begin (2000 DTP*356) and end (DTP*357): a termination may carry only these. */
  eligibilityBegin?: string;
  eligibilityEnd?: string;
  coverages: CoverageSummary[];
}

export type AckCode = 'A' | 'E' | 'R';

export interface TransactionResult {
  transactionSet: string;
  controlNumber: string;
  implementation: string;
  filePosition: number;
  segmentCount: number;
  tree: LoopNode;
  members: MemberSummary[];
  segmentErrors: SegmentError[];
  errors: EnvelopeError[];
  status: AckCode;
}

export interface GroupResult {
  functionalId: string;
  controlNumber: string;
  version: string;
  filePosition: number;
  declaredTransactions?: number;
  transactions: TransactionResult[];
  errors: EnvelopeError[];
  status: AckCode | 'P';
}

export interface InterchangeResult {
  controlNumber: string;
  /** ISA elements 1-16 (trimmed), for answering the sender. */
  isa: string[];
  filePosition: number;
  groups: GroupResult[];
  errors: EnvelopeError[];
}

export interface ReadResult {
  interchanges: InterchangeResult[];
  /** Errors in the file outside any readable interchange (e.g. an unreadable ISA). */
  errors: EnvelopeError[];
}
