import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acknowledge, write999, writeTa1 } from './acknowledgments.ts';
import { readX12 } from './reader.ts';

const adds = fs.readFileSync(
  path.join(import.meta.dirname, 'test-files', 'adds-with-dependents.834'),
  'utf8',
);
const line = adds.replaceAll('~\n', '~');
const options = { controlNumber: 42, now: new Date('2026-11-24T15:30:00Z') };
const header =
  'ISA*00*          *00*          *ZZ*PILLARPBM      *ZZ*SPONSOR01      *261124*1530*^*00501*000000042*0*T*:~\n';

async function ack(file: string) {
  const result = await readX12(file);
  return write999(result.interchanges[0]!, options);
}

/** Checks the 999's own ST/SE count, so the answer we send passes the same check we make. */
function seCountHolds(text: string) {
  const segments = text.trim().split('~\n');
  const st = segments.findIndex((segment) => segment.startsWith('ST*'));
  const se = segments.findIndex((segment) => segment.startsWith('SE*'));
  return Number(segments[se]!.split('*')[1]) === se - st + 1;
}

describe('999 writer', () => {
  it('accepts a clean 834 (IK5 A, AK9 A) in an envelope answering the sender', async () => {
    const text = await ack(adds);
    expect(text).toBe(
      header +
        [
          'GS*FA*PILLARPBM*SPONSOR01*20261124*1530*42*X*005010X231A1~',
          'ST*999*0001*005010X231A1~',
          'AK1*BE*7001*005010X220A1~',
          'AK2*834*0001*005010X220A1~',
          'IK5*A~',
          'AK9*A*1*1*1~',
          'SE*6*0001~',
          'GE*1*42~',
          'IEA*1*000000042~',
          '',
        ].join('\n'),
    );
    expect(seCountHolds(text)).toBe(true);
  });

  it('accepts with errors (IK5 E, AK9 E) and lists IK3/IK4 for an invalid code and a bad date', async () => {
    const text = await ack(line.replace('DMG*D8*19820304*F', 'DMG*D8*19820231*X'));
    expect(text).toContain(
      [
        'AK2*834*0001*005010X220A1~',
        'IK3*DMG*27*2100A*8~',
        'IK4*3*1068*7*X~',
        'IK4*2*1251*8*19820231~',
        'IK5*E*5~',
        'AK9*E*1*1*1~',
      ].join('\n'),
    );
    expect(seCountHolds(text)).toBe(true);
  });

  it('rejects (IK5 R, AK9 R) a wrong SE count, an unknown segment and a missing required element', async () => {
    const text = await ack(
      line
        .replace('SE*45*0001', 'SE*40*0001')
        .replace('INS*N*01*021*28*A', 'INS*N*01**28*A')
        .replace('QTY*TO*3~', 'QTY*TO*3~ZZZ*1~'),
    );
    expect(text).toContain(
      [
        'AK2*834*0001*005010X220A1~',
        'IK3*ZZZ*6**1~',
        'IK3*INS*23*2000*8~',
        'IK4*3*875*1~',
        'IK5*R*4*5~',
        'AK9*R*1*1*0~',
      ].join('\n'),
    );
  });

  it('answers each transaction of a group: one rejected, one accepted is a partial acceptance (AK9 P)', async () => {
    const second = line
      .slice(line.indexOf('ST*834'), line.indexOf('~GE*') + 1)
      .replaceAll('*0001', '*0002')
      .replace('SE*45', 'SE*44');
    const text = await ack(line.replace('GE*1*7001', `${second}GE*2*7001`));
    expect(text).toContain('AK2*834*0002*005010X220A1~\nIK5*R*4~\nAK9*P*2*2*1~');
  });
});

describe('TA1 writer', () => {
  it('rejects a broken ISA with its note code and the received control number, date and time', async () => {
    const result = await readX12(adds.replace('*1200*^*00501*', '*2500*^*00501*'));
    const interchange = result.interchanges[0]!;
    expect(interchange.errors).toEqual([
      { code: '015', message: 'ISA10 is not a time (HHMM)', filePosition: 1 },
    ]);
    expect(writeTa1(interchange, options)).toBe(
      `${header}TA1*000000101*261124*2500*R*015~\nIEA*0*000000042~\n`,
    );
  });

  it('rejects an interchange whose IEA does not match its ISA', async () => {
    const result = await readX12(adds.replace('IEA*1*000000101', 'IEA*1*000000102'));
    expect(writeTa1(result.interchanges[0]!, options)).toContain(
      'TA1*000000101*261124*1200*R*001~',
    );
  });

  it('rejects a file that does not start with an ISA, with no control number to quote', async () => {
    const result = await readX12('GS*BE*X~');
    expect(writeTa1({ isa: [], errors: result.errors }, options)).toContain(
      'TA1*000000000*261124*1530*R*024~',
    );
  });
});

/** Each interchange of an acknowledgment file: ISA13, IEA02 and, in a 999, GS06 and GE02. */
function envelopes(text: string) {
  return text
    .split(/(?=ISA\*)/)
    .filter(Boolean)
    .map((interchange) => {
      const element = (id: string, index: number) =>
        new RegExp(`(?:^|\n)${id}\\*([^~]*)~`).exec(interchange)?.[1]?.split('*')[index - 1];
      return {
        isa13: element('ISA', 13),
        iea02: element('IEA', 2),
        gs06: element('GS', 6),
        ge02: element('GE', 2),
      };
    });
}

describe('acknowledge', () => {
  it('gives the TA1 and the 999 written for one interchange their own control numbers', async () => {
    // ISA14 1 asks for a TA1; the interchange is sound, so a 999 answers its group as well.
    const result = await readX12(adds.replace('*000000101*0*T*', '*000000101*1*T*'));
    const { ta1, ack999 } = acknowledge(result, options);
    expect(envelopes(ta1!)).toEqual([
      { isa13: '000000042', iea02: '000000042', gs06: undefined, ge02: undefined },
    ]);
    expect(envelopes(ack999!)).toEqual([
      { isa13: '000000043', iea02: '000000043', gs06: '43', ge02: '43' },
    ]);
  });

  it('numbers every interchange of a file apart, going on from 1 after 999999999', async () => {
    const second = adds
      .replaceAll('000000101', '000000102')
      .replace('*000000102*0*T*', '*000000102*1*T*');
    // The third interchange's IEA does not match its ISA: a TA1 R only.
    const third = adds
      .replaceAll('000000101', '000000103')
      .replace('IEA*1*000000103', 'IEA*1*000000104');
    const result = await readX12(`${adds}${second}${third}`);
    expect(result.interchanges.map((each) => each.errors.length > 0)).toEqual([false, false, true]);
    const { ta1, ack999 } = acknowledge(result, { ...options, controlNumber: 999_999_998 });
    expect(ta1).toContain('TA1*000000102*261124*1200*A*000~');
    expect(ta1).toContain('TA1*000000103*261124*1200*R*001~');
    const written = [...envelopes(ta1!), ...envelopes(ack999!)];
    expect(written.map((each) => each.isa13)).toEqual([
      '999999998',
      '999999999',
      '000000001',
      '000000002',
    ]);
    for (const each of written) expect(each.iea02).toBe(each.isa13);
    expect(envelopes(ack999!).map((each) => [each.gs06, each.ge02])).toEqual([
      ['1', '1'],
      ['2', '2'],
    ]);
  });

  it('numbers the one TA1 of a file with no readable ISA with the first number', async () => {
    const { ta1, ack999 } = acknowledge(await readX12('GS*BE*X~'), options);
    expect(envelopes(ta1!)).toEqual([
      { isa13: '000000042', iea02: '000000042', gs06: undefined, ge02: undefined },
    ]);
    expect(ack999).toBeNull();
  });
});
