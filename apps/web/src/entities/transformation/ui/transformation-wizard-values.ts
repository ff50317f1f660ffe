import {
  type GeneratorRequest,
  type TransformationDefinition,
  type WizardKind,
} from '@pillar/domain';

/** The wizard form's values: yes/no answers as 'yes' | 'no', numbers as typed text. */
export interface WizardValues {
  type: WizardKind;
  name: string;
  description: string;
  nullCheck: 'yes' | 'no';
  nullCheckWithOutput: 'yes' | 'no';
  direction: 'left' | 'right';
  padWith: string;
  digits: string;
  start: string;
  end: string;
  caseSensitive: 'yes' | 'no';
  valueCount: string;
  values: { from: string; to: string }[];
  mode: 'always' | 'blank';
  value: string;
  input: string;
}

/** The questions after type, name and description, per kind (spec 3 §4), one step each. */
export const KIND_QUESTIONS: Record<WizardKind, (keyof WizardValues)[]> = {
  padding: ['nullCheck', 'nullCheckWithOutput', 'direction', 'padWith', 'digits'],
  substring: ['nullCheck', 'nullCheckWithOutput', 'start', 'end'],
  conversion: ['nullCheck', 'nullCheckWithOutput', 'caseSensitive', 'values'],
  default: ['mode', 'value'],
};

export type WizardStep = 'type' | 'name' | 'description' | keyof WizardValues | 'test';

/** Every step of `kind`: at most 9 (padding), the test input last. */
export function wizardSteps(kind: WizardKind): WizardStep[] {
  return ['type', 'name', 'description', ...KIND_QUESTIONS[kind], 'test'];
}

const yes = (v: 'yes' | 'no' | undefined) => v !== 'no';

/** The typed definition the Test button sends; the server checks it with the same schema. */
export function definitionOf(v: WizardValues): TransformationDefinition {
  const checks = { nullCheck: yes(v.nullCheck), nullCheckWithOutput: yes(v.nullCheckWithOutput) };
  switch (v.type) {
    case 'padding':
      return {
        kind: 'padding',
        ...checks,
        direction: v.direction,
        // Text as typed: the schema reads whole numbers from text, as the generator does.
        padWith: v.padWith,
        digits: v.digits as unknown as number,
      };
    case 'substring':
      return {
        kind: 'substring',
        ...checks,
        start: v.start as unknown as number,
        end: v.end as unknown as number,
      };
    case 'conversion':
      return {
        kind: 'conversion',
        ...checks,
        caseSensitive: yes(v.caseSensitive),
        values: v.values ?? [],
      };
    case 'default':
      return { kind: 'default', mode: v.mode ?? 'always', value: v.value ?? '' };
  }
}

/** POST /transformations/generator's positional answers (decision 0118's order). */
export function generatorRequestOf(v: WizardValues): GeneratorRequest {
  const nc = [v.nullCheck ?? 'yes', v.nullCheckWithOutput ?? 'yes'];
  let answers: string[];
  switch (v.type) {
    case 'padding':
      answers = [...nc, v.direction, v.padWith, v.digits];
      break;
    case 'substring':
      answers = [...nc, v.start, v.end];
      break;
    case 'conversion': {
      const rows = v.values ?? [];
      answers = [
        ...nc,
        v.caseSensitive ?? 'yes',
        String(rows.length),
        ...rows.flatMap((r) => [r.from, r.to]),
      ];
      break;
    }
    case 'default':
      answers = [v.mode ?? 'always', v.value ?? ''];
      break;
  }
  return {
    transformationRequest: {
      name: v.name,
      description: v.description,
      transformationType: v.type,
      input: v.input ?? null,
    },
    answers,
  };
}
