import { type OpportunityDetail } from '@pillar/domain';
import { BasicInformation } from './incumbent/basic-information.tsx';
import { ContractInformation } from './incumbent/contract-information.tsx';
import { IncumbentSections } from './incumbent/incumbent-sections.tsx';

/**
 * The Incumbent Info tab (spec 3 §2): what is known about the employer and its current PBM
 * contract, one panel per part, in the spec's order. Each panel loads and saves its own part, so
 * a slow or failing one does not hold up the others.
 */
export function IncumbentTab({ opportunity }: { opportunity: OpportunityDetail }) {
  return (
    <div className="incumbent-tab">
      <BasicInformation opportunity={opportunity} />
      <ContractInformation opportunityId={opportunity.id} />
      <IncumbentSections opportunityId={opportunity.id} />
    </div>
  );
}
