import { Tag } from 'antd';
import { OPPORTUNITY_STAGES, opportunityStage } from '@pillar/domain';

/** The Status filter's options: the ten stages, valued by number as text (the URL's form). */
export const OPPORTUNITY_STAGE_OPTIONS = OPPORTUNITY_STAGES.map((stage) => ({
  value: String(stage.value),
  label: `${stage.value} - ${stage.label}`,
}));

/**
 * An opportunity's stage as a tag (spec 3 §2 "Stage (coloured tag)"): blue while open (1-7),
 * green when won, grey when lost or a duplicate, so the open work stands out in the list. The
 * colour only repeats what the label says, for readers who cannot tell the colours apart.
 */
export function StageTag({ stage }: { stage: number | null }) {
  const known = stage === null ? undefined : opportunityStage(stage);
  if (!known) return <Tag variant="outlined">No stage</Tag>;
  const color = known.open ? 'blue' : known.value === 8 ? 'green' : 'default';
  return (
    <Tag color={color} className={known.open ? 'stage-tag stage-tag--open' : 'stage-tag'}>
      {known.label}
    </Tag>
  );
}
