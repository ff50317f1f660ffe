import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readX12, readX12File } from './reader.ts';
import { write834 } from './writer-834.ts';

const options = {
  sender: { qualifier: 'ZZ', id: 'PILLARPBM' },
  receiver: { qualifier: 'ZZ', id: 'CARRIER01' },
  sponsor: { name: 'ACME WIDGETS', taxId: '123456789' },
  payer: { name: 'PILLAR PBM', taxId: '987654321' },
  controlNumber: 501,
  now: new Date('2026-11-24T15:30:00Z'),
  action: '2' as const,
};

describe('834 writer', () => {
  it('writes members the reader reads back as the same summaries, in a valid envelope', async () => {
    const source = await readX12File(
      path.join(import.meta.dirname, 'test-files', 'adds-with-dependents.834'),
    );
    const members = source.interchanges[0]!.groups[0]!.transactions[0]!.members;
    const text = write834(members, options);
    const again = await readX12(text);
    const interchange = again.interchanges[0]!;
    expect(interchange.errors).toEqual([]);
    const transaction = interchange.groups[0]!.transactions[0]!;
    expect(transaction.status).toBe('A');
    expect(transaction.segmentErrors).toEqual([]);
    expect(transaction.members.map(({ filePosition: _, ...rest }) => rest)).toEqual(
      members.map(({ filePosition: _, ...rest }) => rest),
    );
    expect(text.split('\n')[0]).toBe(
      'ISA*00*          *00*          *ZZ*PILLARPBM      *ZZ*CARRIER01      *261124*1530*^*00501*000000501*0*P*:~',
    );
  });

  it('keeps delimiters out of element values', async () => {
    const text = write834(
      [
        {
          filePosition: 0,
          subscriber: true,
          relationship: '18',
          maintenanceType: '021',
          subscriberId: 'A*B~C',
          lastName: "O'NEIL:JR",
          coverages: [],
        },
      ],
      options,
    );
    expect(text).toContain('REF*0F*A B C~');
    expect(text).toContain("NM1*IL*1*O'NEIL JR~");
    const again = await readX12(text);
    expect(again.interchanges[0]!.groups[0]!.transactions[0]!.errors).toEqual([]);
  });

  it('writes printable ASCII only, DMG03 U for an unknown gender, and a termination by its dates', async () => {
    const text = write834(
      [
        {
          filePosition: 0,
          subscriber: true,
          relationship: '18',
          maintenanceType: '024',
          maintenanceReason: '07',
          subscriberId: '410556677',
          lastName: 'MUÑOZ\r\nØ',
          firstName: 'JOSÉ',
          birthDate: '19790302',
          eligibilityEnd: '20261130',
          coverages: [],
        },
      ],
      options,
    );
    expect(text).toContain('INS*Y*18*024*07*A~\nREF*0F*410556677~\nDTP*357*D8*20261130~\n');
    expect(text).toContain('NM1*IL*1*MUNOZ*JOSE~\nDMG*D8*19790302*U~\n');
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);
    const again = await readX12(text);
    const transaction = again.interchanges[0]!.groups[0]!.transactions[0]!;
    expect(transaction.status).toBe('A');
    expect(transaction.members[0]).toMatchObject({
      maintenanceReason: '07',
      eligibilityEnd: '20261130',
      gender: 'U',
    });
  });
});
