import fs from 'node:fs';
import { AK9, IK5, TA1, checkIsa, checkTrailer } from './envelope.ts';
import { readSegments, X12SyntaxError, type Delimiters, type Segment } from './tokenizer.ts';
import { Transaction834Builder } from './transaction-834.ts';
import type {
  EnvelopeError,
  GroupResult,
  InterchangeResult,
  ReadResult,
  TransactionResult,
} from './types.ts';

export interface ReadOptions {
  /**
   * Called with each transaction set as soon as its SE is read. When given, the loop trees are not
   * kept in the result (only the summaries and errors), so memory follows one transaction.
   */
  onTransaction?: (transaction: TransactionResult) => void;
  /**
   * False: member loops leave each transaction's tree once summarised (the tree keeps the header
   * and 1000 loops), so a file of one transaction with 100,000 members holds their summaries, not
   * their segments. For readers that need the members and errors only (validate, the import).
   */
  tree?: boolean;
}

/**
 * Reads an X12 interchange (an 834 in its transaction sets) from a stream of chunks: checks the
 * ISA/IEA, GS/GE and ST/SE envelopes with segment positions and builds each 834 into loops.
 */
export async function readX12(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: ReadOptions = {},
): Promise<ReadResult & { delimiters?: Delimiters }> {
  const result: ReadResult & { delimiters?: Delimiters } = { interchanges: [], errors: [] };
  let interchange: InterchangeResult | undefined;
  let group: GroupResult | undefined;
  let transaction: { st: Segment; builder: Transaction834Builder } | undefined;
  let lastPosition = 0;

  const closeTransaction = (se: Segment | undefined) => {
    if (!transaction || !group) return;
    const { st, builder } = transaction;
    const members = builder.finish(se);
    const controlNumber = (st.elements[2] ?? '').trim();
    const errors: EnvelopeError[] = [];
    if (se) {
      errors.push(
        ...checkTrailer(
          se,
          { count: builder.segmentCount, controlNumber },
          { count: IK5.countWrong, control: IK5.controlNumbersDiffer },
          { count: 'SE01', control: 'SE02' },
        ),
      );
    } else {
      errors.push({
        code: IK5.trailerMissing,
        message: `Transaction ${controlNumber} has no SE`,
        filePosition: lastPosition,
      });
    }
    const transactionSet = (st.elements[1] ?? '').trim();
    const is834 = transactionSet === '834';
    if (!is834) {
      errors.push({
        code: IK5.notSupported,
        message: `Transaction set ${transactionSet} is not an 834`,
        filePosition: st.position,
      });
    }
    // Another transaction set (an 837 sent by mistake) is rejected as not supported (IK502 1); its
    // segments are not errors against the 834's map, so the 999 lists none of them.
    const segmentErrors = is834 ? builder.segmentErrors : [];
    const rejected =
      errors.length > 0 || segmentErrors.some((error) => error.severity === 'reject');
    const done: TransactionResult = {
      transactionSet,
      controlNumber,
      implementation: (st.elements[3] ?? '').trim(),
      filePosition: st.position,
      segmentCount: builder.segmentCount,
      tree: builder.tree,
      members: is834 ? members : [],
      segmentErrors,
      errors,
      status: rejected ? 'R' : segmentErrors.length > 0 ? 'E' : 'A',
    };
    options.onTransaction?.(done);
    group.transactions.push(
      options.onTransaction ? { ...done, tree: { ...done.tree, segments: [], loops: [] } } : done,
    );
    transaction = undefined;
  };

  const closeGroup = (ge: Segment | undefined) => {
    if (!group || !interchange) return;
    if (transaction) closeTransaction(undefined);
    // The map is 005010X220A1's: a 004010 file or the exchange's 005010X307 is named as such,
    // rather than answered with an error for each segment the other guide has.
    if (!group.version.startsWith('005010X220')) {
      group.errors.push({
        code: AK9.versionNotSupported,
        message: `GS08 is ${group.version || 'empty'}: only 005010X220A1 834s are read`,
        filePosition: group.filePosition,
      });
    }
    if (ge) {
      const declared = (ge.elements[1] ?? '').trim();
      // GE01 is at most six digits; anything else is reported by checkTrailer, not echoed in AK902.
      if (/^\d{1,6}$/.test(declared)) group.declaredTransactions = Number(declared);
      group.errors.push(
        ...checkTrailer(
          ge,
          { count: group.transactions.length, controlNumber: group.controlNumber },
          { count: AK9.countWrong, control: AK9.controlNumbersDiffer },
          { count: 'GE01', control: 'GE02' },
        ),
      );
    } else {
      group.errors.push({
        code: AK9.trailerMissing,
        message: `Group ${group.controlNumber} has no GE`,
        filePosition: lastPosition,
      });
    }
    const accepted = group.transactions.filter((each) => each.status !== 'R').length;
    group.status =
      group.errors.length > 0 || accepted === 0
        ? 'R'
        : accepted < group.transactions.length
          ? 'P'
          : group.transactions.some((each) => each.status === 'E')
            ? 'E'
            : 'A';
    interchange.groups.push(group);
    group = undefined;
  };

  const closeInterchange = (iea: Segment | undefined) => {
    if (!interchange) return;
    if (group) closeGroup(undefined);
    if (iea) {
      interchange.errors.push(
        ...checkTrailer(
          iea,
          { count: interchange.groups.length, controlNumber: interchange.controlNumber },
          { count: TA1.groupCountWrong, control: TA1.controlNumbersDiffer },
          { count: 'IEA01', control: 'IEA02' },
        ),
      );
    } else {
      interchange.errors.push({
        code: TA1.prematureEnd,
        message: 'The interchange has no IEA',
        filePosition: lastPosition,
      });
    }
    result.interchanges.push(interchange);
    interchange = undefined;
  };

  const outOfPlace = (segment: Segment, where: string) => {
    const target = interchange?.errors ?? result.errors;
    // Only a segment id is named: stray text may be anything, member data included.
    const what = /^[A-Z][A-Z0-9]{1,2}$/.test(segment.id)
      ? `Segment ${segment.id}`
      : 'Text that is not an X12 segment';
    target.push({
      code: TA1.contentInvalid,
      message: `${what} ${where}`,
      filePosition: segment.position,
    });
  };

  try {
    for await (const segment of readSegments(
      chunks,
      (delimiters) => (result.delimiters = delimiters),
    )) {
      lastPosition = segment.position;
      switch (segment.id) {
        case 'ISA': {
          if (interchange) closeInterchange(undefined);
          const { fields, errors } = checkIsa(segment);
          interchange = {
            controlNumber: fields[12] ?? '',
            isa: fields,
            filePosition: segment.position,
            groups: [],
            errors,
          };
          break;
        }
        case 'IEA':
          if (interchange) closeInterchange(segment);
          else outOfPlace(segment, 'comes outside an interchange');
          break;
        case 'GS':
          if (!interchange) {
            outOfPlace(segment, 'comes outside an interchange');
            break;
          }
          if (group) closeGroup(undefined);
          group = {
            functionalId: (segment.elements[1] ?? '').trim(),
            controlNumber: (segment.elements[6] ?? '').trim(),
            version: (segment.elements[8] ?? '').trim(),
            filePosition: segment.position,
            transactions: [],
            errors: [],
            status: 'A',
          };
          break;
        case 'GE':
          if (group) closeGroup(segment);
          else outOfPlace(segment, 'comes outside a functional group');
          break;
        case 'ST':
          if (!group) {
            outOfPlace(segment, 'comes outside a functional group');
            break;
          }
          if (transaction) closeTransaction(undefined);
          transaction = {
            st: segment,
            builder: new Transaction834Builder(segment, { keepTree: options.tree ?? true }),
          };
          break;
        case 'SE':
          if (transaction) closeTransaction(segment);
          else outOfPlace(segment, 'comes outside a transaction set');
          break;
        default:
          if (transaction) transaction.builder.push(segment);
          else outOfPlace(segment, 'comes outside a transaction set');
      }
    }
  } catch (error) {
    if (!(error instanceof X12SyntaxError)) throw error;
    result.errors.push({ code: error.ta1Code, message: error.message, filePosition: 1 });
  }
  if (interchange) closeInterchange(undefined);
  return result;
}

/** Reads a file in chunks (64 KiB), never whole. */
export function readX12File(path: string, options: ReadOptions = {}) {
  return readX12(fs.createReadStream(path, { highWaterMark: 64 * 1024 }), options);
}
