import { describe, expect, it } from 'vitest';
import { filterTemplateNameInput, templateNameSchema } from '@pillar/domain';
import {
  applyConcatenation,
  applyMultiField,
  applyTransformation,
  describeMapping,
  mappingRows,
  mappingsToSave,
  removeComposite,
  requiredWithoutSource,
  SELECT_ONE,
  setSource,
} from './mapping-values.ts';

const write = [
  { name: 'firstName', required: true },
  { name: 'lastName', required: true },
  { name: 'zip', required: false },
];

describe('mapping rows', () => {
  it('lists every write field in order with its mapping and Percent Populated', () => {
    const rows = mappingRows(
      write,
      [{ target: 'lastName', source: 'LAST' }],
      [{ target: 'lastName', sourceColumnPercentPopulated: 92.5 }],
    );
    expect(rows.map((r) => [r.target, r.mapping.source ?? null, r.percentPopulated])).toEqual([
      ['firstName', null, null],
      ['lastName', 'LAST', 92.5],
      ['zip', null, null],
    ]);
    expect([...requiredWithoutSource(rows)]).toEqual(['firstName']);
  });

  it("clears the whole mapping when 'Select one' is chosen", () => {
    const mapped = applyTransformation(setSource([], 'zip', 'ZIP'), 'zip', 'Zip_First_Five');
    expect(mapped[0]).toMatchObject({ source: 'ZIP', transformation: 'Zip_First_Five' });
    expect(setSource(mapped, 'zip', SELECT_ONE)[0]).toMatchObject({
      source: null,
      transformation: null,
    });
  });

  it('lets one kind of transform replace the other', () => {
    const concat = applyConcatenation(setSource([], 'firstName', 'FIRST'), 'firstName', [
      { type: 'schemaField', value: 'FIRST' },
      { type: 'literal', value: ' ' },
    ]);
    expect(concat[0]).toMatchObject({ source: null, multiField: null });
    expect(describeMapping(concat[0]!)).toBe('Concatenation: FIRST + " "');

    const multi = applyMultiField(concat, 'firstName', {
      variables: [{ variableName: 'a', schemaField: 'FIRST' }],
      transformation: 'Upper',
    });
    expect(multi[0]).toMatchObject({ concatenation: null, source: null });
    expect(describeMapping(multi[0]!)).toBe('Multi-field: Upper(a=FIRST)');

    const single = applyTransformation(multi, 'firstName', 'Trim');
    expect(single[0]).toMatchObject({
      multiField: null,
      concatenation: null,
      transformation: 'Trim',
    });
    expect(removeComposite(concat, 'firstName')[0]?.concatenation).toBeNull();
  });

  it('saves only the mapped targets', () => {
    const rows = mappingRows(write, setSource([], 'zip', 'ZIP'));
    expect(mappingsToSave(rows).map((m) => m.target)).toEqual(['zip']);
  });
});

describe('template name', () => {
  it('keeps only letters, digits 1-9 and underscore while typing, trims on save', () => {
    expect(filterTemplateNameInput('Acme Elig-2024_v0!')).toBe('AcmeElig224_v');
    expect(templateNameSchema.parse('  Acme_1  ')).toBe('Acme_1');
  });
});
