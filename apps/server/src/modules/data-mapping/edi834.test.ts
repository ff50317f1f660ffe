import { describe, expect, it } from 'vitest';
import type { EdiSegmentField } from '@pillar/domain';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const BASE = '/datamapping/v1';

describe('GET /datamapping/v1/edi834', () => {
  it('lists the 834 layout the reader follows', async () => {
    const response = await t.injectAs('dataMapper', { method: 'GET', url: `${BASE}/edi834` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          filename: '005010X220A1',
          label: '005010X220A1 - Benefit Enrollment and Maintenance (5010)',
          unmappedTemplateId: expect.any(Number) as number,
        },
      ],
      totalCount: 1,
    });
  });

  it('refuses a caller without a mapping permission', async () => {
    const response = await t.injectAs('broker', { method: 'GET', url: `${BASE}/edi834` });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /datamapping/v1/schemas/edisegments', () => {
  it('answers the 834 as a read schema: named elements of each loop, with loop ids and qualifiers', async () => {
    const response = await t.injectAs('dataMapper', {
      method: 'GET',
      url: `${BASE}/schemas/edisegments`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ filename: string; data: EdiSegmentField[]; totalCount: number }>();
    expect(body.filename).toBe('005010X220A1');
    expect(body.totalCount).toBe(body.data.length);
    const byName = new Map(body.data.map((field) => [field.name, field]));
    expect(byName.get('2000.INS.INS03')).toEqual({
      name: '2000.INS.INS03',
      loopId: '2000',
      loopName: 'Member level detail',
      parentLoopId: 'ST',
      segment: 'INS',
      qualifiers: [],
      element: 'INS03',
      elementName: 'Maintenance Type Code',
      locIndex: 3,
    });
    // Repeated segments are named once per qualifier too, as a mapping job reads them.
    expect(byName.get('2000.REF*1L.REF02')).toMatchObject({
      segment: 'REF',
      qualifiers: ['1L'],
      element: 'REF02',
    });
    expect(byName.get('2300.DTP*348.DTP03')).toMatchObject({ loopId: '2300', qualifiers: ['348'] });
    expect(body.data.filter((f) => f.name === '2000.REF.REF02')).toHaveLength(1);
    expect(byName.get('2300.HD.HD03')).toMatchObject({
      parentLoopId: '2000',
      elementName: 'Insurance Line Code',
    });
    expect(byName.get('1000A.N1*P5.N102')).toMatchObject({
      loopName: 'Sponsor name',
      qualifiers: ['P5'],
    });
    expect(byName.get('2100A.NM1.NM103')).toMatchObject({
      qualifiers: ['IL', '74'],
      elementName: 'Last Name or Organization Name',
    });
    expect(byName.get('2100A.DMG.DMG02')).toMatchObject({
      elementName: 'Member Birth Date',
      locIndex: 2,
    });
    // Every loop of the guide's member detail is there, each name once.
    expect(new Set(body.data.map((field) => field.loopId))).toEqual(
      new Set([
        'ST',
        '1000A',
        '1000B',
        '1000C',
        '1100C',
        '2000',
        '2100A',
        '2100B',
        '2100C',
        '2100D',
        '2100E',
        '2100F',
        '2100G',
        '2100H',
        '2200',
        '2300',
        '2310',
        '2320',
        '2330',
        'LS',
        '2700',
        '2750',
      ]),
    );
    expect(byName.size).toBe(body.data.length);
  });

  it('takes the layout by name and answers 400 naming the field for one it does not read', async () => {
    const named = await t.injectAs('dataMapper', {
      method: 'GET',
      url: `${BASE}/schemas/edisegments?filename=005010X220A1`,
    });
    expect(named.statusCode).toBe(200);
    const other = await t.injectAs('dataMapper', {
      method: 'GET',
      url: `${BASE}/schemas/edisegments?filename=004010X095A1`,
    });
    expect(other.statusCode).toBe(400);
    expect(JSON.stringify(other.json())).toContain('filename');
    const nul = await t.injectAs('dataMapper', {
      method: 'GET',
      url: `${BASE}/schemas/edisegments?filename=%00`,
    });
    expect(nul.statusCode).toBe(400);
  });

  it('refuses a caller without a mapping permission', async () => {
    const response = await t.injectAs('broker', {
      method: 'GET',
      url: `${BASE}/schemas/edisegments`,
    });
    expect(response.statusCode).toBe(403);
  });
});
