import { Tag } from 'antd';
import { paBadgeColor, type PaBadgeColor, type PaStatus } from '@pillar/domain';

/** antd's preset colours for the spec's badge colours; grey is antd's neutral default. */
const TAG_COLORS: Record<PaBadgeColor, string> = {
  blue: 'blue',
  green: 'green',
  red: 'red',
  grey: 'default',
};

/** A PA status as its badge (spec 2 §4). */
export function PaStatusTag({ status }: { status: PaStatus }) {
  return <Tag color={TAG_COLORS[paBadgeColor(status)]}>{status}</Tag>;
}
