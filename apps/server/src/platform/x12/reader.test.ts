import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readX12, readX12File } from './reader.ts';
import { readDelimiters, readSegments, splitElement } from './tokenizer.ts';
import type { LoopNode } from './types.ts';

const dir = path.join(import.meta.dirname, 'test-files');
const text = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const adds = text('adds-with-dependents.834');
/** The same file on one line, for tests that splice segments into it. */
const line = adds.replaceAll('~\n', '~');

/** Yields the text in small pieces, so segments and the ISA straddle chunk boundaries. */
function* chunked(value: string, size = 7): Generator<string> {
  for (let index = 0; index < value.length; index += size) yield value.slice(index, index + size);
}

const loopIds = (loop: LoopNode): string[] => [loop.id, ...loop.loops.flatMap(loopIds)];

/** The ISA of the test files with its fixed-width padding removed. */
const unpadded = (value: string) =>
  value.replace(/^ISA[^~]*~/, (isa) =>
    isa
      .slice(0, -1)
      .split('*')
      .map((field) => field.trim())
      .join('*')
      .concat('~'),
  );

describe('X12 tokenizer', () => {
  it('takes the delimiters from the ISA: element at byte 4, repetition ISA11, component ISA16, terminator after it', () => {
    expect(readDelimiters(adds)?.delimiters).toEqual({
      element: '*',
      repetition: '^',
      component: ':',
      segment: '~',
    });
    const other = adds.replaceAll('*', '|').replace('|^|', '|{|').replace('|:~', '|>~');
    expect(readDelimiters(other)?.delimiters).toEqual({
      element: '|',
      repetition: '{',
      component: '>',
      segment: '~',
    });
  });

  it('finds ISA16 in a non-padded ISA by counting 16 element separators', () => {
    const found = readDelimiters('ISA*00**00**ZZ*S*ZZ*R*261124*1200*^*00501*1*0*T*:~GS*');
    expect(found?.delimiters).toEqual({
      element: '*',
      repetition: '^',
      component: ':',
      segment: '~',
    });
  });

  it('yields the same segments with their 1-based positions for every layout variant', async () => {
    const reference = await collect(adds);
    expect(reference[0]).toMatchObject({ id: 'ISA', position: 1 });
    expect(reference[2]).toMatchObject({
      id: 'ST',
      position: 3,
      elements: ['ST', '834', '0001', '005010X220A1'],
    });
    expect(reference.at(-1)).toMatchObject({ id: 'IEA', position: 49 });
    const variants = {
      oneLine: adds.replaceAll('~\n', '~'),
      crlf: adds.replaceAll('~\n', '~\r\n'),
      bom: `\uFEFF${adds}`,
      leadingWhitespace: `\n  \r\n${adds}`,
    };
    for (const [name, variant] of Object.entries(variants)) {
      const segments = await collect(variant);
      expect(
        segments.map((segment) => segment.elements),
        name,
      ).toEqual(reference.map((segment) => segment.elements));
    }
    const unpaddedSegments = await collect(unpadded(adds));
    expect(unpaddedSegments.slice(1)).toEqual(reference.slice(1));
    expect(unpaddedSegments[0]!.elements[6]).toBe('SPONSOR01');
  });

  it('splits repeated and composite elements by ISA11 and ISA16', async () => {
    const segments = await collect(
      line.replace('DMG*D8*19820304*F', 'DMG*D8*19820304*F*M*:RET:2135-2^:RET:2106-3'),
    );
    const dmg = segments.find((segment) => segment.elements[2] === '19820304')!;
    const { delimiters } = readDelimiters(line)!;
    expect(splitElement(dmg.elements[5]!, delimiters)).toEqual([
      ['', 'RET', '2135-2'],
      ['', 'RET', '2106-3'],
    ]);
  });

  it('reads byte chunks that split a multi-byte character', async () => {
    const withAccent = adds.replace('SMITH*MARY', 'SMITH*MAR\u00cdA');
    const bytes = Buffer.from(withAccent, 'utf8');
    const pieces = Array.from({ length: Math.ceil(bytes.length / 5) }, (_, index) =>
      bytes.subarray(index * 5, index * 5 + 5),
    );
    const segments = [];
    for await (const segment of readSegments(pieces)) segments.push(segment);
    expect(segments.find((segment) => segment.elements[4] === 'MAR\u00cdA')).toBeDefined();
  });
});

async function collect(value: string) {
  const segments = [];
  for await (const segment of readSegments(chunked(value))) segments.push(segment);
  return segments;
}

describe('834 reader', () => {
  it('builds adds with dependents into the 005010X220A1 loops and summarises each member', async () => {
    const result = await readX12(chunked(adds));
    expect(result.errors).toEqual([]);
    const [interchange] = result.interchanges;
    expect(interchange!.errors).toEqual([]);
    const transaction = interchange!.groups[0]!.transactions[0]!;
    expect(transaction).toMatchObject({
      controlNumber: '0001',
      segmentCount: 45,
      status: 'A',
      segmentErrors: [],
      errors: [],
    });
    expect(loopIds(transaction.tree)).toEqual([
      'ST',
      '1000A',
      '1000B',
      '1000C',
      '1100C',
      '2000',
      '2100A',
      '2300',
      '2000',
      '2100A',
      '2300',
      '2000',
      '2100A',
      '2300',
      'LS',
      '2700',
      '2750',
    ]);
    // Header REF/DTP stay in the header; the member's REF*1L in 2000; the coverage's REF*1L in 2300.
    expect(transaction.tree.segments.map((segment) => segment.id)).toEqual([
      'ST',
      'BGN',
      'REF',
      'DTP',
      'QTY',
    ]);
    const subscriber = transaction.tree.loops[3]!;
    expect(subscriber.segments.map((segment) => segment.id)).toEqual(['INS', 'REF', 'REF', 'DTP']);
    expect(subscriber.loops[0]!.segments.map((segment) => segment.id)).toEqual([
      'NM1',
      'PER',
      'N3',
      'N4',
      'DMG',
    ]);
    expect(subscriber.loops[1]!.segments.map((segment) => segment.id)).toEqual([
      'HD',
      'DTP',
      'REF',
    ]);
    expect(subscriber.segments[0]!.elements[2]).toEqual({
      ref: 'INS03',
      name: 'Maintenance Type Code',
      value: '021',
    });
    expect(subscriber.segments[0]).toMatchObject({ position: 10, filePosition: 12 });
    expect(transaction.members).toEqual([
      {
        filePosition: 12,
        subscriber: true,
        relationship: '18',
        maintenanceType: '021',
        maintenanceName: 'Addition',
        maintenanceReason: '28',
        subscriberId: '111223333',
        group: 'GRP-7781',
        lastName: 'SMITH',
        firstName: 'JOHN',
        middleName: 'Q',
        ssn: '111223333',
        birthDate: '19800512',
        gender: 'M',
        eligibilityBegin: '20270101',
        coverages: [
          {
            maintenanceType: '021',
            insuranceLine: 'PDG',
            planDescription: 'RX PLAN GOLD',
            coverageLevel: 'FAM',
            begin: '20270101',
          },
        ],
      },
      expect.objectContaining({
        subscriber: false,
        relationship: '01',
        firstName: 'MARY',
        ssn: '222334444',
        gender: 'F',
      }),
      expect.objectContaining({
        subscriber: false,
        relationship: '19',
        firstName: 'EMMA',
        birthDate: '20120921',
      }),
    ]);
  });

  it.each([
    ['change.834', '001', 'Change'],
    ['termination.834', '024', 'Cancellation or termination'],
    ['reinstatement.834', '025', 'Reinstatement'],
  ])('reads %s as maintenance %s', async (file, code, name) => {
    const result = await readX12File(path.join(dir, file));
    const transaction = result.interchanges[0]!.groups[0]!.transactions[0]!;
    expect(transaction.status).toBe('A');
    expect(transaction.members).toEqual([
      expect.objectContaining({ maintenanceType: code, maintenanceName: name }),
    ]);
  });

  it('reads the coverage end date of a termination', async () => {
    const result = await readX12File(path.join(dir, 'termination.834'));
    const member = result.interchanges[0]!.groups[0]!.transactions[0]!.members[0]!;
    expect(member.coverages).toEqual([
      {
        maintenanceType: '024',
        insuranceLine: 'PDG',
        planDescription: 'RX PLAN SILVER',
        coverageLevel: 'IND',
        begin: '20260101',
        end: '20270331',
      },
    ]);
    expect(member.ssn).toBe('444556666');
  });

  it('reads an audit file of two transaction sets and hands each to the callback without keeping its tree', async () => {
    const seen: string[] = [];
    const result = await readX12File(path.join(dir, 'audit.834'), {
      onTransaction: (transaction) =>
        seen.push(`${transaction.controlNumber}:${loopIds(transaction.tree).length}`),
    });
    const group = result.interchanges[0]!.groups[0]!;
    expect(seen).toEqual(['0001:11', '0002:11']);
    expect(group.transactions.map((transaction) => transaction.tree.loops)).toEqual([[], []]);
    expect(
      group.transactions.flatMap((transaction) =>
        transaction.members.map((member) => member.maintenanceType),
      ),
    ).toEqual(['030', '030', '030', '030']);
    expect(group.status).toBe('A');
  });

  it('streams: a transaction is handed over before the rest of the file has been read', async () => {
    const body = line.slice(line.indexOf('ST*834'), line.indexOf('~GE*') + 1);
    const head = line.slice(0, line.indexOf('ST*834'));
    const events: string[] = [];
    async function* file() {
      yield head;
      for (let index = 1; index <= 50; index++) {
        events.push(`chunk ${index}`);
        yield body.replaceAll('*0001', `*${String(index).padStart(4, '0')}`);
      }
      yield 'GE*50*7001~IEA*1*000000101~';
    }
    const result = await readX12(file(), {
      onTransaction: (transaction) =>
        events.push(`transaction ${Number(transaction.controlNumber)}`),
    });
    expect(events.indexOf('transaction 1')).toBeLessThan(events.indexOf('chunk 3'));
    expect(result.interchanges[0]!.groups[0]!.transactions).toHaveLength(50);
    expect(result.interchanges[0]!.errors).toEqual([]);
  });

  it('keeps an unknown segment in its loop and reports it with its position', async () => {
    const result = await readX12(
      adds.replace('DMG*D8*19820304*F~', 'DMG*D8*19820304*F~ZZZ*1~').replace('SE*45*', 'SE*46*'),
    );
    const transaction = result.interchanges[0]!.groups[0]!.transactions[0]!;
    expect(transaction.status).toBe('R');
    expect(transaction.segmentErrors).toEqual([
      {
        segment: 'ZZZ',
        position: 28,
        filePosition: 30,
        loopId: '2100A',
        code: '1',
        message: 'Segment ZZZ is not recognized',
        severity: 'reject',
        elements: [],
      },
    ]);
    const spouse = transaction.tree.loops[4]!.loops[0]!;
    expect(spouse.segments.map((segment) => segment.id)).toEqual(['NM1', 'DMG', 'ZZZ']);
  });

  it('reports a known segment where the map has no place for it, and a loop over its maximum', async () => {
    const result = await readX12(
      adds
        .replace('N1*IN*PILLAR PBM', 'N1*P5*SECOND SPONSOR~N1*IN*PILLAR PBM')
        .replace('QTY*TO*3~', 'QTY*TO*3~LE*2700~')
        .replace('SE*45*', 'SE*47*'),
    );
    const errors = result.interchanges[0]!.groups[0]!.transactions[0]!.segmentErrors;
    expect(
      errors.map(({ segment, position, loopId, code }) => ({ segment, position, loopId, code })),
    ).toEqual([
      { segment: 'LE', position: 6, loopId: 'ST', code: '2' },
      { segment: 'N1', position: 8, loopId: '1000A', code: '4' },
    ]);
  });
});

describe('Envelope checks', () => {
  it('reports a wrong SE count and mismatched control numbers at the trailer positions', async () => {
    const result = await readX12(
      adds
        .replace('SE*45*0001', 'SE*44*0002')
        .replace('GE*1*7001', 'GE*2*7009')
        .replace('IEA*1*000000101', 'IEA*3*000000999'),
    );
    const interchange = result.interchanges[0]!;
    const group = interchange.groups[0]!;
    const transaction = group.transactions[0]!;
    expect(transaction.errors).toEqual([
      { code: '4', message: 'SE01 is 44 but there are 45', filePosition: 47 },
      {
        code: '3',
        message: "SE02 is 0002 but the header's control number is 0001",
        filePosition: 47,
      },
    ]);
    expect(transaction.status).toBe('R');
    expect(group.errors).toEqual([
      { code: '5', message: 'GE01 is 2 but there are 1', filePosition: 48 },
      {
        code: '4',
        message: "GE02 is 7009 but the header's control number is 7001",
        filePosition: 48,
      },
    ]);
    expect(group.status).toBe('R');
    expect(interchange.errors).toEqual([
      { code: '021', message: 'IEA01 is 3 but there are 1', filePosition: 49 },
      {
        code: '001',
        message: "IEA02 is 000000999 but the header's control number is 000000101",
        filePosition: 49,
      },
    ]);
  });

  it('reports missing trailers at the end of the file', async () => {
    const result = await readX12(adds.slice(0, adds.indexOf('SE*45')));
    const interchange = result.interchanges[0]!;
    expect(interchange.errors).toEqual([
      { code: '023', message: 'The interchange has no IEA', filePosition: 46 },
    ]);
    expect(interchange.groups[0]!.errors[0]).toMatchObject({ code: '3' });
    expect(interchange.groups[0]!.transactions[0]!.errors[0]).toMatchObject({ code: '2' });
  });

  it('treats a broken ISA as an interchange error', async () => {
    const shortIsa = await readX12(adds.replace('*0*T*:~', '*0*:~'));
    // One field short: the 16th separator falls in the GS, so ISA16 would be a letter.
    expect(shortIsa).toMatchObject({
      interchanges: [],
      errors: [
        { code: '027', message: 'The ISA component separator (ISA16) is invalid', filePosition: 1 },
      ],
    });
    const badControl = await readX12(adds.replace('*000000101*0*T*', '*00000010X*0*T*'));
    expect(badControl.interchanges[0]!.errors).toContainEqual({
      code: '018',
      message: 'ISA13 is not a nine-digit control number',
      filePosition: 1,
    });
    const notX12 = await readX12('HELLO WORLD');
    expect(notX12).toMatchObject({ interchanges: [], errors: [{ code: '024', filePosition: 1 }] });
  });
});

describe('Element checks', () => {
  it('notes invalid codes and bad dates (accepted with errors) and rejects a missing required element', async () => {
    const noted = await readX12(
      line
        .replace('DMG*D8*19820304*F', 'DMG*D8*19820231*X')
        .replace(
          'HD*021**PDG*RX PLAN GOLD*FAM~DTP*348*D8*20270101~REF*1L*RXGOLD~INS*N*19',
          'HD*021**ZZZ*RX PLAN GOLD*FAM~DTP*348*RD8*20270101~REF*1L*RXGOLD~INS*N*19',
        ),
    );
    const transaction = noted.interchanges[0]!.groups[0]!.transactions[0]!;
    expect(transaction.status).toBe('E');
    expect(
      transaction.segmentErrors.map(({ segment, position, code, severity, elements }) => ({
        segment,
        position,
        code,
        severity,
        elements: elements.map(({ position: at, dataElement, code: elementCode }) => [
          at,
          dataElement,
          elementCode,
        ]),
      })),
    ).toEqual([
      {
        segment: 'DMG',
        position: 27,
        code: '8',
        severity: 'note',
        elements: [
          [3, 1068, '7'],
          [2, 1251, '8'],
        ],
      },
      { segment: 'HD', position: 28, code: '8', severity: 'note', elements: [[3, 1205, '7']] },
      { segment: 'DTP', position: 29, code: '8', severity: 'note', elements: [[3, 1251, '8']] },
    ]);
    const rejected = await readX12(line.replace('INS*N*01*021*28*A', 'INS*N*01**28*A'));
    const rejectedTransaction = rejected.interchanges[0]!.groups[0]!.transactions[0]!;
    expect(rejectedTransaction.status).toBe('R');
    expect(rejectedTransaction.segmentErrors[0]!.elements).toEqual([
      {
        position: 3,
        ref: 'INS03',
        dataElement: 875,
        code: '1',
        message: 'INS03 is required',
        severity: 'reject',
      },
    ]);
  });

  it('rejects a member without REF*0F or a member name, at the INS position', async () => {
    const result = await readX12(
      line
        .replace('INS*N*19*021*28*A~REF*0F*111223333~', 'INS*N*19*021*28*A~')
        .replace('SE*45*', 'SE*44*'),
    );
    const errors = result.interchanges[0]!.groups[0]!.transactions[0]!.segmentErrors;
    expect(errors).toEqual([
      expect.objectContaining({
        segment: 'REF',
        position: 31,
        loopId: '2000',
        code: '3',
        message: 'The subscriber identifier (REF*0F) is missing',
      }),
    ]);
  });
});
