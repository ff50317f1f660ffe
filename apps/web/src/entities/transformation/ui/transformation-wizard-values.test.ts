import { describe, expect, it } from 'vitest';
import {
  ANSWER_COUNTS,
  TRANSFORMATION_WIZARD_MAX_STEPS,
  WIZARD_KINDS,
  definitionFromAnswers,
  transformationDefinition,
} from '@pillar/domain';
import {
  definitionOf,
  generatorRequestOf,
  wizardSteps,
  type WizardValues,
} from './transformation-wizard-values.ts';

const base: WizardValues = {
  type: 'padding',
  name: 'Pad_Id',
  description: 'Zero pad',
  nullCheck: 'yes',
  nullCheckWithOutput: 'no',
  direction: 'left',
  padWith: '0',
  digits: '9',
  start: '1',
  end: '4',
  caseSensitive: 'no',
  valueCount: '2',
  values: [
    { from: 'M', to: '1' },
    { from: 'F', to: '2' },
  ],
  mode: 'blank',
  value: 'X',
  input: 'abc',
};

describe('transformation wizard values', () => {
  it('has at most 9 steps, type first and the test input last', () => {
    for (const kind of WIZARD_KINDS) {
      const steps = wizardSteps(kind);
      expect(steps.length).toBeLessThanOrEqual(TRANSFORMATION_WIZARD_MAX_STEPS);
      expect(steps[0]).toBe('type');
      expect(steps.at(-1)).toBe('test');
    }
    expect(wizardSteps('padding')).toHaveLength(9);
  });

  it("sends the generator the positional answers the server reads into the Test button's definition", () => {
    for (const kind of WIZARD_KINDS) {
      const values = { ...base, type: kind };
      const request = generatorRequestOf(values);
      expect(request.transformationRequest.transformationType).toBe(kind);
      expect(request.answers.length).toBeGreaterThanOrEqual(ANSWER_COUNTS[kind]);
      const fromAnswers = definitionFromAnswers(kind, request.answers);
      expect(fromAnswers.ok).toBe(true);
      const tested = transformationDefinition.parse(definitionOf(values));
      if (fromAnswers.ok) expect(fromAnswers.definition).toEqual(tested);
    }
  });

  it('sends the value map as its row count and then from/to pairs', () => {
    expect(generatorRequestOf({ ...base, type: 'conversion' }).answers).toEqual([
      'yes',
      'no',
      'no',
      '2',
      'M',
      '1',
      'F',
      '2',
    ]);
  });
});
