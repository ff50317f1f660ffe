import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLINICAL_ALL_LIMIT,
  CLINICAL_MESSAGES,
  CLINICAL_NAME_MAX_LENGTH,
  INTERVENTION_LIST_PBMS,
  clinicalNameKey,
  conditionDrugInput,
  conditionSettingsInput,
  describeClinicalChange,
  healthConditionInput,
  healthConditionsQuery,
  interventionListGetQuery,
  interventionListInput,
  interventionListStatus,
  interventionListsQuery,
  isNameTaken,
  listPbmsInput,
  targetDrugsInput,
} from './clinical.ts';

describe('clinicalNameKey: names compared without case and extra whitespace', () => {
  it.each([
    ['Diabetes Type 2', 'diabetes type 2', true],
    ['  Diabetes Type 2  ', 'Diabetes Type 2', true],
    ['Diabetes  Type\t2', 'diabetes type 2', true],
    ['DIABETES TYPE 2', 'Diabetes type 2', true],
    ['Ｄｉａｂｅｔｅｓ', 'diabetes', true], // full-width letters: the same name (NFKC)
    ['Diabetes Type 2', 'Diabetes Type 1', false],
    ['Diabetes Type 2', 'DiabetesType 2', false],
    ['Asthma', 'Asthma (adult)', false],
  ])('%j and %j are the same name: %s', (a, b, same) => {
    expect(clinicalNameKey(a) === clinicalNameKey(b)).toBe(same);
  });

  it('is idempotent, trimmed, lower case and without runs of whitespace (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const key = clinicalNameKey(name);
        expect(clinicalNameKey(key)).toBe(key);
        expect(key).toBe(key.trim());
        expect(key).not.toMatch(/\s\s/u);
        expect(key).toBe(key.toLowerCase());
      }),
    );
  });

  it('ignores case and surrounding or repeated whitespace (property)', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
    const space = fc.constantFrom(' ', '  ', '\t', ' \n ');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), space, space, (words, a, b) => {
        const plain = words.join(' ');
        const messy = `${a}${words.map((w) => w.toUpperCase()).join(b)}${b}`;
        expect(clinicalNameKey(messy)).toBe(clinicalNameKey(plain));
      }),
    );
  });
});

describe('isNameTaken (the screens block a duplicate before saving)', () => {
  const existing = [
    { id: 1, name: 'Hypertension' },
    { id: 2, name: 'Asthma' },
  ];
  it.each([
    ['hypertension', undefined, true],
    ['  ASTHMA ', undefined, true],
    ['Asthma', 2, false], // editing Asthma and keeping its name
    ['asthma', 1, true], // renaming Hypertension to Asthma
    ['COPD', undefined, false],
    ['', undefined, false],
    ['   ', undefined, false],
  ])('%j (self %s): %s', (name, selfId, taken) => {
    expect(isNameTaken(name, existing, selfId)).toBe(taken);
  });
});

describe('names in the request bodies', () => {
  it.each([
    [{ name: 'Asthma' }, 'Asthma'],
    [{ name: '  Chronic   Kidney  Disease ' }, 'Chronic Kidney Disease'],
  ])('%j is stored as %j', (body, stored) => {
    expect(healthConditionInput.parse(body).name).toBe(stored);
  });

  it.each([{ name: '' }, { name: '   ' }, {}, { name: null }, { name: 5 }])(
    "%j: 'Missing required field'",
    (body) => {
      const result = healthConditionInput.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CLINICAL_MESSAGES.missingRequiredField);
      expect(result.error?.issues[0]?.path).toEqual(['name']);
    },
  );

  it('refuses a name over the limit, a 10,000-character one included', () => {
    for (const name of ['x'.repeat(CLINICAL_NAME_MAX_LENGTH + 1), 'x'.repeat(10_000)]) {
      const result = interventionListInput.safeParse({ name });
      expect(result.error?.issues[0]?.message).toBe(CLINICAL_MESSAGES.nameTooLong);
    }
    expect(interventionListInput.parse({ name: 'x'.repeat(CLINICAL_NAME_MAX_LENGTH) })).toEqual({
      name: 'x'.repeat(CLINICAL_NAME_MAX_LENGTH),
    });
  });

  it('takes a list with or without id, and an optional status', () => {
    expect(interventionListInput.parse({ name: 'Statins' })).toEqual({ name: 'Statins' });
    expect(interventionListInput.parse({ id: 3, name: 'Statins', is_active: false })).toEqual({
      id: 3,
      name: 'Statins',
      is_active: false,
    });
    expect(interventionListInput.safeParse({ id: 0, name: 'Statins' }).success).toBe(false);
    expect(interventionListInput.safeParse({ name: 'S', is_active: 'yes' }).success).toBe(false);
  });
});

describe('drug codes', () => {
  it.each([
    ['2710001000', true],
    [' 2710001000 ', true],
    ['271000100', false],
    ['27100010000', false],
    ['27100010AB', false],
    ['', false],
  ])('%j: %s', (code, valid) => {
    expect(conditionDrugInput.safeParse({ health_condition_id: 1, drug_code: code }).success).toBe(
      valid,
    );
  });

  it('refuses an empty list of target drugs and a code listed twice', () => {
    expect(targetDrugsInput.safeParse({ drug_codes: [] }).success).toBe(false);
    const twice = targetDrugsInput.safeParse({ drug_codes: ['2710001000', '2710001000'] });
    expect(twice.error?.issues[0]?.path).toEqual(['drug_codes', 1]);
    expect(twice.error?.issues[0]?.message).toBe(CLINICAL_MESSAGES.drugListedTwice('2710001000'));
  });
});

describe('PBMs and condition settings', () => {
  it('takes the product PBMs and Agadia, each once', () => {
    expect(listPbmsInput.parse({ pbms: [...INTERVENTION_LIST_PBMS] }).pbms).toHaveLength(5);
    expect(listPbmsInput.safeParse({ pbms: ['Acme'] }).success).toBe(false);
    expect(listPbmsInput.safeParse({ pbms: ['Optum', 'Optum'] }).success).toBe(false);
    expect(listPbmsInput.parse({ pbms: [] }).pbms).toEqual([]);
  });

  it('sets each condition once', () => {
    const setting = { health_condition_id: 1, intervention_id: 2 };
    expect(conditionSettingsInput.safeParse({ settings: [setting] }).success).toBe(true);
    const twice = conditionSettingsInput.safeParse({
      settings: [setting, { ...setting, intervention_id: 3 }],
    });
    expect(twice.error?.issues[0]?.message).toBe(CLINICAL_MESSAGES.conditionListedTwice);
  });
});

describe('paging: limit 0 is every row', () => {
  it.each([
    [{}, { limit: 20, offset: 0 }],
    [{ limit: '0' }, { limit: 0, offset: 0 }],
    [
      { limit: '0', sort: 'name:asc' },
      { limit: 0, sort: { field: 'name', direction: 'asc' } },
    ],
  ])('%j', (query, expected) => {
    expect(healthConditionsQuery.parse(query)).toMatchObject(expected);
  });

  it.each([
    [{ limit: '-1' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ sort: 'name' }, 'sort'],
    [{ sort: 'drug_count:asc' }, 'sort'],
    [{ is_active: 'yes' }, 'is_active'],
  ])('%j is refused naming %s', (query, field) => {
    const result = interventionListsQuery.safeParse(query);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('sorts the lists on name, both case counts and status', () => {
    for (const field of ['name', 'prospective_cases', 'retrospective_cases', 'is_active']) {
      expect(interventionListsQuery.safeParse({ sort: `${field}:desc` }).success).toBe(true);
    }
    expect(CLINICAL_ALL_LIMIT).toBeGreaterThan(100);
  });

  it('takes asOf as a real date', () => {
    expect(interventionListGetQuery.parse({ asOf: '2026-11-01' })).toEqual({ asOf: '2026-11-01' });
    expect(interventionListGetQuery.safeParse({ asOf: '2026-02-30' }).success).toBe(false);
  });
});

describe('words', () => {
  it('names the status and describes a change', () => {
    expect([true, false].map(interventionListStatus)).toEqual(['Active', 'Inactive']);
    expect(
      describeClinicalChange({
        change: 'updated',
        field: 'name',
        old_value: 'Asthma',
        new_value: 'Asthma (adult)',
      }),
    ).toBe("Changed name: 'Asthma' → 'Asthma (adult)'");
    expect(
      describeClinicalChange({
        change: 'drug-added',
        field: 'drug',
        old_value: null,
        new_value: '2710001000 Metformin',
      }),
    ).toBe('Added drug 2710001000 Metformin');
    expect(
      describeClinicalChange({ change: 'created', field: 'name', old_value: null, new_value: 'X' }),
    ).toBe("Created 'X'");
    expect(
      describeClinicalChange({
        change: 'condition-setting-added',
        field: 'Asthma',
        old_value: null,
        new_value: 'Generic substitution',
      }),
    ).toBe("Added condition setting Asthma: 'Generic substitution'");
    expect(
      describeClinicalChange({
        change: 'condition-setting-removed',
        field: 'Asthma',
        old_value: 'Generic substitution',
        new_value: null,
      }),
    ).toBe("Removed condition setting Asthma: 'Generic substitution'");
  });
});
