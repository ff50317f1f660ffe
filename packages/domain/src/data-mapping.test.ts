import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  CLAIMS_WRITE_FIELDS,
  DATA_MAPPING_MESSAGES,
  ELIGIBILITY_WRITE_FIELDS,
  filterTemplateNameInput,
  guessSource,
  templateInput,
  templateNameSchema,
  transformationsOf,
  unmappedRequired,
  type TemplateMapping,
} from './data-mapping.ts';

describe('standard write schemas', () => {
  it('eligibility requires exactly the eight import fields', () => {
    expect(ELIGIBILITY_WRITE_FIELDS.filter((f) => f.required).map((f) => f.name)).toEqual([
      'benefitGroupId',
      'groupEffectiveDate',
      'memberEffectiveDate',
      'employeeSSN',
      'gender',
      'firstName',
      'lastName',
      'dateOfBirth',
    ]);
    const optional = ELIGIBILITY_WRITE_FIELDS.filter((f) => !f.required).map((f) => f.name);
    for (const name of ['relationship', 'middleName', 'addressLine1', 'phone', 'email'])
      expect(optional).toContain(name);
    for (const name of ['memberTermDate', 'division', 'benefitPackage', 'alternateId'])
      expect(optional).toContain(name);
  });

  it('claims holds the issue 19 columns, names unique', () => {
    const names = CLAIMS_WRITE_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['memberId', 'fillDate', 'ndc', 'awpUnitCost', 'planPaid', 'claimStatus'])
      expect(names).toContain(name);
  });

  it('guesses a source by name or alias, ignoring case and separators', () => {
    const dob = ELIGIBILITY_WRITE_FIELDS.find((f) => f.name === 'dateOfBirth')!;
    expect(guessSource(dob, ['Name', 'DOB'])).toBe('DOB');
    expect(guessSource(dob, ['date_of_birth'])).toBe('date_of_birth');
    expect(guessSource(dob, ['Birth Place'])).toBeNull();
  });
});

describe('template name', () => {
  it('keeps letters, digits 1-9 and underscore while typing', () => {
    expect(filterTemplateNameInput('Acme 2024-0_x!')).toBe('Acme224_x');
  });
  it('is trimmed on save and refuses other characters', () => {
    expect(templateNameSchema.parse('  Acme_1  ')).toBe('Acme_1');
    expect(templateNameSchema.safeParse('   ').error?.issues[0]?.message).toBe(
      DATA_MAPPING_MESSAGES.templateNameRequired,
    );
    expect(templateNameSchema.safeParse('Acme-1').success).toBe(false);
    expect(templateNameSchema.safeParse('Acme0').success).toBe(false);
    expect(templateNameSchema.safeParse('a'.repeat(101)).success).toBe(false);
  });
});

describe('template rules', () => {
  const fields = [
    { name: 'firstName', required: true },
    { name: 'lastName', required: true },
    { name: 'email', required: false },
  ];

  it("marks each required target without a source ('This field is required')", () => {
    expect(unmappedRequired(fields, [{ target: 'firstName', source: 'first' }])).toEqual([
      'lastName',
    ]);
  });

  it("refuses a save with an unmapped required field: 'All required fields must be mapped'", () => {
    const mappings: TemplateMapping[] = [{ target: 'firstName', source: 'first' }];
    expect(checkTemplate(fields, mappings)).toEqual([
      { path: 'mappings', message: 'All required fields must be mapped' },
    ]);
  });

  it('counts a concatenation or multi-field transform as mapped, names unknown targets', () => {
    const mappings: TemplateMapping[] = [
      { target: 'firstName', concatenation: [{ type: 'literal', value: 'X' }] },
      {
        target: 'lastName',
        multiField: { variables: [{ variableName: 'a', schemaField: 'l' }], transformation: 'J' },
      },
      { target: 'nickname', source: 'n' },
    ];
    expect(checkTemplate(fields, mappings)).toEqual([
      { path: 'mappings.2.target', message: 'nickname is not a field of the write schema' },
    ]);
  });

  it('refuses two sources for one target and a target mapped twice', () => {
    const base = { name: 'T', readSchemaId: 1, writeSchemaId: 2 };
    expect(
      templateInput.safeParse({
        ...base,
        mappings: [{ target: 'a', source: 'x', concatenation: [{ type: 'literal', value: 'y' }] }],
      }).success,
    ).toBe(false);
    expect(
      templateInput.safeParse({
        ...base,
        mappings: [
          { target: 'a', source: 'x' },
          { target: 'a', source: 'y' },
        ],
      }).success,
    ).toBe(false);
    expect(templateInput.safeParse({ ...base, readSchemaId: 2 ** 31, mappings: [] }).success).toBe(
      false,
    );
  });

  it('lists every transformation a template uses, in any place', () => {
    const names = transformationsOf([
      { target: 'a', source: 'x', transformation: 'Upper' },
      { target: 'b', concatenation: [{ type: 'schemaField', value: 'y', transformation: 'Trim' }] },
      {
        target: 'c',
        multiField: {
          variables: [{ variableName: 'v', schemaField: 'z', transformation: 'Pad' }],
          transformation: 'Join',
        },
      },
    ]);
    expect([...names].sort()).toEqual(['Join', 'Pad', 'Trim', 'Upper']);
  });
});
