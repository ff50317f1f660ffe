import { US_STATE_CODES } from '@pillar/domain';

/** The address state select: the codes the domain's state schema accepts (decision 0073). */
export const US_STATE_OPTIONS = US_STATE_CODES.map((code) => ({ value: code, label: code }));
