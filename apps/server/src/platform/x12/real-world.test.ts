import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acknowledge } from './acknowledgments.ts';
import { readX12 } from './reader.ts';
import { readSegments, type Segment } from './tokenizer.ts';
import type { LoopNode, ReadResult } from './types.ts';

/*
 * What real 834s (005010X220A1) do that our own files did not: the guide's examples and sponsors'
 * files use other delimiters (ISA11 '>' or '{', '|' between elements), no terminator but a line
 * break, several coverages per member with providers (2310), coordination of benefits
 * (2320/2330), incorrect-name (2100B), mailing address (2100C), employer (2100D), school (2100E),
 * custodial parent (2100F), disability (2200) and reporting categories (LS/2700/2750); ISA14 1
 * asking for a TA1; several interchanges, groups and sets in one file; transfer padding after the
 * IEA; truncated files. several-coverages.834 is written for these tests in that shape.
 */
const dir = path.join(import.meta.dirname, 'test-files');
const file = fs.readFileSync(path.join(dir, 'several-coverages.834'), 'utf8');
const now = new Date('2026-11-24T16:00:00Z');

function* chunked(value: string, size = 11): Generator<string> {
  for (let index = 0; index < value.length; index += size) yield value.slice(index, index + size);
}

const loopIds = (loop: LoopNode): string[] => [loop.id, ...loop.loops.flatMap(loopIds)];
const transactionsOf = (result: ReadResult) =>
  result.interchanges.flatMap((each) => each.groups.flatMap((group) => group.transactions));
const membersOf = (result: ReadResult) =>
  transactionsOf(result).flatMap((transaction) =>
    transaction.members.map(({ filePosition: _, ...rest }) => rest),
  );

/** The file with other delimiters: '|' between elements, '>' components, '{' repeats. */
function withDelimiters(text: string, element: string, component: string, segment: string) {
  return text
    .replaceAll('^', '{')
    .replaceAll(':', component)
    .replaceAll('*', element)
    .replaceAll('~\n', segment);
}

async function segmentsOf(text: string): Promise<Segment[]> {
  const out: Segment[] = [];
  for await (const segment of readSegments([text])) out.push(segment);
  return out;
}

describe('a sponsor file with several coverages per member and every member loop', () => {
  it('builds the guide loops, accepts the set and summarises each maintenance code', async () => {
    const result = await readX12(chunked(file));
    expect(result.errors).toEqual([]);
    const [transaction] = transactionsOf(result);
    expect(transaction).toMatchObject({ status: 'A', segmentErrors: [], errors: [] });
    expect(loopIds(transaction!.tree)).toEqual(
      [
        'ST 1000A 1000B 1000C 1100C',
        '2000 2100A 2100B 2100C 2100D 2300 2310 2300 2320 2330 2300 2300 LS 2700 2750 2700 2750',
        '2000 2100A 2300',
        '2000 2100A 2100E 2100F 2200 2300',
        '2000 2100A',
        '2000 2100A 2300',
      ]
        .join(' ')
        .split(' '),
    );
    const members = transaction!.members;
    expect(members.map((member) => member.maintenanceType)).toEqual([
      '001',
      '021',
      '021',
      '024',
      '025',
    ]);
    expect(members[0]).toMatchObject({
      maintenanceReason: '25',
      subscriberId: '410556677',
      ssn: '410556677',
      eligibilityBegin: '20250101',
    });
    expect(members[0]!.coverages.map((coverage) => coverage.insuranceLine)).toEqual([
      'HLT',
      'DEN',
      'VIS',
      'PDG',
    ]);
    expect(members[0]!.coverages[2]).toMatchObject({ begin: '20250101', end: '20261231' });
    // A dependent without NM109 has no SSN: REF*0F is the subscriber's, not the dependent's.
    expect(members[2]).toMatchObject({
      subscriber: false,
      firstName: 'SOFIA',
      subscriberId: '410556677',
    });
    expect(members[2]!.ssn).toBeUndefined();
    // The guide's termination may carry only the member's eligibility end (DTP*357), no HD.
    expect(members[3]).toMatchObject({
      maintenanceReason: '07',
      eligibilityEnd: '20261130',
      coverages: [],
      ssn: '410551122',
    });
    // A subscriber identifier that is not nine digits is no SSN.
    expect(members[4]!.ssn).toBeUndefined();
  });

  it('reads the same members whatever the delimiters, line ends, padding or chunking', async () => {
    const reference = membersOf(await readX12([file]));
    const variants: Record<string, string> = {
      pipeAndNewlineOnly: withDelimiters(file, '|', '>', '\n'),
      caretComponentCrOnly: withDelimiters(file, '*', '>', '~\r'),
      crlf: file.replaceAll('~\n', '~\r\n'),
      oneLine: file.replaceAll('~\n', '~'),
      bomAndLeadingLines: `\uFEFF\r\n${file}`,
      nulPadding: `${file}${'\0'.repeat(300)}`,
      ctrlZ: `${file}\u001a`,
      trailingBlankLines: `${file}\n\n  \n`,
    };
    for (const [name, text] of Object.entries(variants)) {
      const result = await readX12(chunked(text, 7));
      expect(result.errors, name).toEqual([]);
      expect(result.interchanges[0]!.errors, name).toEqual([]);
      expect(transactionsOf(result)[0]!.status, name).toBe('A');
      expect(membersOf(result), name).toEqual(reference);
    }
  });

  it("notes a maintenance reason (INS04) outside the guide's list, and accepts every listed one", async () => {
    const noted = await readX12([file.replace('INS*N*01*021*32*A~', 'INS*N*01*021*99*A~')]);
    const [transaction] = transactionsOf(noted);
    expect(transaction!.status).toBe('E');
    expect(transaction!.segmentErrors).toEqual([
      expect.objectContaining({
        segment: 'INS',
        code: '8',
        elements: [
          expect.objectContaining({ ref: 'INS04', dataElement: 1203, code: '7', value: '99' }),
        ],
      }),
    ]);
    for (const reason of ['01', '07', '25', '28', '41', 'AI', 'EC', 'XN', 'XT']) {
      const result = await readX12([
        file.replace('INS*N*01*021*32*A~', `INS*N*01*021*${reason}*A~`),
      ]);
      expect(transactionsOf(result)[0]!.status, reason).toBe('A');
    }
  });

  it('without trees keeps the summaries and errors, and no member loop', async () => {
    const kept = await readX12([file]);
    const lean = await readX12([file], { tree: false });
    expect(membersOf(lean)).toEqual(membersOf(kept));
    const [transaction] = transactionsOf(lean);
    expect(loopIds(transaction!.tree)).toEqual(['ST', '1000A', '1000B', '1000C', '1100C']);
    expect(transaction!.status).toBe('A');
  });

  it('counts each member loop by itself: thousands of members with four coverages each are accepted', async () => {
    const start = file.indexOf('INS*Y*18*001');
    const end = file.indexOf('INS*N*01*021');
    const member = file.slice(start, end);
    const copies = 2000;
    const body = file.slice(0, start) + member.repeat(copies) + file.slice(file.indexOf('SE*'));
    const count = body.slice(body.indexOf('ST*'), body.indexOf('GE*')).split('~').length - 1;
    const text = body.replace('SE*92*', `SE*${count}*`);
    const result = await readX12(chunked(text, 4096), { tree: false });
    const [transaction] = transactionsOf(result);
    expect(transaction!.errors).toEqual([]);
    expect(transaction!.segmentErrors).toEqual([]);
    expect(transaction!.members).toHaveLength(copies);
    expect(transaction!.members.every((each) => each.coverages.length === 4)).toBe(true);
  });
});

describe('acknowledging real files', () => {
  it('answers ISA14 1 with a TA1 A 000 beside the 999', async () => {
    const { ta1, ack999 } = acknowledge(await readX12([file]), { controlNumber: 42, now });
    expect(ta1).toContain('TA1*000000207*261124*0930*A*000~');
    expect(ack999).toMatch(/AK2\*834\*0001\*005010X220A1~\nIK5\*A~\nAK9\*A\*1\*1\*1~/);
  });

  it('writes a 999 whose counts agree with itself for several interchanges, groups and sets', async () => {
    const isa = file.slice(0, file.indexOf('GS*'));
    const gs = file.slice(file.indexOf('GS*'), file.indexOf('ST*'));
    const st = file.slice(file.indexOf('ST*'), file.indexOf('GE*'));
    const st2 = st.replace('ST*834*0001', 'ST*834*0002').replace('SE*92*0001', 'SE*92*0002');
    // The second set's first member has a bad code (noted) and no REF*0F (rejected).
    const bad = st
      .replace('ST*834*0001', 'ST*834*0003')
      .replace('SE*92*0001', 'SE*91*0003')
      .replace('INS*Y*18*001*25*A*C**FT~\nREF*0F*410556677~', 'INS*Y*18*001*25*A*C**FT~')
      .replace('DMG*D8*19790302*M*', 'DMG*D8*19790302*Q*');
    const text = [
      isa,
      gs,
      st,
      st2,
      'GE*2*8101~\n',
      gs.replace('*8101*', '*8102*'),
      bad,
      'GE*1*8102~\n',
      'IEA*2*000000207~\n',
      isa.replace('000000207', '000000208').replace('*1*T*', '*0*T*'),
      gs,
      st,
      'GE*1*8101~\n',
      'IEA*1*000000208~\n',
    ].join('');
    const result = await readX12([text]);
    expect(result.errors).toEqual([]);
    expect(result.interchanges.map((each) => each.errors)).toEqual([[], []]);
    const { ack999 } = acknowledge(result, { controlNumber: 43, now });
    const segments = await segmentsOf(ack999!);
    const ids = segments.map((segment) => segment.id);
    expect(ids.filter((id) => id === 'ISA')).toHaveLength(2);
    expect(ids.filter((id) => id === 'ST')).toHaveLength(3);
    // Each ST..SE: SE01 counts its segments, AK9 counts its AK2 and accepted sets.
    let open: Segment[] = [];
    const answers: string[] = [];
    for (const segment of segments) {
      if (segment.id === 'ST') open = [];
      open.push(segment);
      if (segment.id !== 'SE') continue;
      expect(Number(segment.elements[1])).toBe(open.length);
      const ak2 = open.filter((each) => each.id === 'AK2').length;
      const ik5 = open.filter((each) => each.id === 'IK5');
      const ak9 = open.find((each) => each.id === 'AK9')!;
      expect(Number(ak9.elements[3])).toBe(ak2);
      expect(Number(ak9.elements[4])).toBe(ik5.filter((each) => each.elements[1] !== 'R').length);
      answers.push(`${ak9.elements[1]}:${ik5.map((each) => each.elements[1]).join('')}`);
    }
    expect(answers).toEqual(['A:AA', 'R:R', 'A:A']);
    expect(ack999).toContain('IK3*REF*');
    expect(ack999).toContain('IK3*DMG*');
    expect(ack999).toMatch(/IK4\*3\*1068\*7\*Q~/);
    expect(ack999).toMatch(/IK5\*R\*5~\nAK9\*R\*1\*1\*0~/);
  });

  it("keeps the sender's data out of its own delimiters in IK404 and AK1", async () => {
    // Read with '|' between elements, a bad gender code may hold '*', '~', ':' or '^'.
    const text = withDelimiters(file, '|', '>', '\n').replace(
      'DMG|D8|19810917|F',
      'DMG|D8|19810917|F*~:^X',
    );
    const { ack999 } = acknowledge(await readX12([text]), { controlNumber: 44, now });
    expect(ack999).toContain('IK4*3*1068*7*F');
    const segments = await segmentsOf(ack999!);
    const ik4 = segments.find((segment) => segment.id === 'IK4')!;
    expect(ik4.elements).toEqual(['IK4', '3', '1068', '7', 'F    X']);
    expect(segments.at(-1)!.id).toBe('IEA');
  });

  it('answers a truncated file with a TA1 (no IEA) and no 999', async () => {
    const cut = file.slice(0, file.indexOf('INS*N*19*024'));
    const result = await readX12(chunked(cut));
    expect(result.interchanges[0]!.errors).toEqual([
      expect.objectContaining({ code: '023', message: 'The interchange has no IEA' }),
    ]);
    const { ta1, ack999 } = acknowledge(result, { controlNumber: 45, now });
    expect(ta1).toContain('TA1*000000207*261124*0930*R*023~');
    expect(ack999).toBeNull();
  });

  it('reports text after the IEA without quoting it, and does not reject the interchange for it', async () => {
    const result = await readX12([`${file}SMITH 410556677 19790302\n`]);
    expect(result.errors).toEqual([
      {
        code: '024',
        message: 'Text that is not an X12 segment comes outside a transaction set',
        filePosition: 97,
      },
    ]);
    const { ta1, ack999 } = acknowledge(result, { controlNumber: 46, now });
    expect(ta1).toContain('TA1*000000207*261124*0930*A*000~');
    expect(ack999).toContain('AK9*A*1*1*1~');
  });

  it('names a lowercase file plainly', async () => {
    const result = await readX12([file.toLowerCase()]);
    expect(result.errors).toEqual([
      {
        code: '024',
        message: 'The file starts with a lowercase "isa": X12 segment ids are uppercase',
        filePosition: 1,
      },
    ]);
    const { ta1 } = acknowledge(result, { controlNumber: 47, now });
    expect(ta1).toMatch(/TA1\*000000000\*\d{6}\*\d{4}\*R\*024~/);
  });

  it('rejects another transaction set as not supported, with no segment errors against the 834 map', async () => {
    const claim = [
      'ST*837*0002*005010X222A1~',
      'BHT*0019*00*0123*20261124*0930*CH~',
      'NM1*41*2*CLINIC*****46*TGJ23~',
      'HL*1**20*1~',
      'CLM*A37YH556*500***11:B:1*Y*A*Y*I~',
      'SE*6*0002~',
    ].join('\n');
    const text = file.replace('GE*1*8101~', `${claim}\nGE*2*8101~`);
    const result = await readX12([text]);
    const [, other] = transactionsOf(result);
    expect(other).toMatchObject({ transactionSet: '837', status: 'R', members: [] });
    expect(other!.segmentErrors).toEqual([]);
    const { ack999 } = acknowledge(result, { controlNumber: 49, now });
    expect(ack999).toMatch(/AK2\*837\*0002\*005010X222A1~\nIK5\*R\*1~\nAK9\*P\*2\*2\*1~/);
  });

  it("rejects a group of another guide (004010, the exchange's 005010X307) by its GS08", async () => {
    const old = file
      .replace('*X*005010X220A1~', '*X*004010X095A1~')
      .replace('ST*834*0001*005010X220A1', 'ST*834*0001');
    const result = await readX12([old]);
    const group = result.interchanges[0]!.groups[0]!;
    expect(group.status).toBe('R');
    expect(group.errors).toEqual([
      {
        code: '2',
        message: 'GS08 is 004010X095A1: only 005010X220A1 834s are read',
        filePosition: 2,
      },
    ]);
    const { ack999 } = acknowledge(result, { controlNumber: 50, now });
    expect(ack999).toContain('AK1*BE*8101*004010X095A1~');
    expect(ack999).toMatch(/AK9\*R\*1\*1\*1\*2~/);
  });

  it('writes no 999 for an interchange without a functional group', async () => {
    const isa = file.slice(0, file.indexOf('GS*')).replace('*1*T*', '*0*T*');
    const result = await readX12([`${isa}IEA*0*000000207~`]);
    expect(result.interchanges[0]!.errors).toEqual([]);
    expect(acknowledge(result, { controlNumber: 48, now })).toEqual({ ta1: null, ack999: null });
  });
});
