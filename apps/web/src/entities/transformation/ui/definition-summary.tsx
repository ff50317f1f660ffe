import { Descriptions } from 'antd';
import { WIZARD_KIND_LABELS, type Transformation } from '@pillar/domain';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** A wizard-made transformation's kind and answers, in the wizard's words (spec 3 §2). */
export function DefinitionSummary({ definition }: { definition: Transformation['definition'] }) {
  if (definition.kind === 'expression') return null;
  const items: { label: string; value: string }[] = [
    { label: 'Type', value: WIZARD_KIND_LABELS[definition.kind] },
  ];
  if (definition.kind !== 'default') {
    items.push({ label: 'Null check', value: yesNo(definition.nullCheck) });
    items.push({ label: 'Null check with output', value: yesNo(definition.nullCheckWithOutput) });
  }
  switch (definition.kind) {
    case 'padding':
      items.push({ label: 'Direction', value: definition.direction === 'left' ? 'Left' : 'Right' });
      items.push({ label: 'Pad with', value: definition.padWith });
      items.push({ label: 'Padding digits', value: String(definition.digits) });
      break;
    case 'substring':
      items.push({ label: 'Starting position', value: String(definition.start) });
      items.push({ label: 'Ending position', value: String(definition.end) });
      break;
    case 'conversion':
      items.push({ label: 'Capitalization matters', value: yesNo(definition.caseSensitive) });
      items.push({
        label: 'Values',
        value: definition.values.map((r) => `${r.from} → ${r.to}`).join(', '),
      });
      break;
    case 'default':
      items.push({
        label: 'Apply',
        value: definition.mode === 'always' ? 'Always' : 'Only when blank',
      });
      items.push({ label: 'Default value', value: definition.value });
      break;
  }
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={items.map((i) => ({ key: i.label, label: i.label, children: i.value }))}
    />
  );
}
