import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { ClinicalPageLayout } from './clinical-page-layout.tsx';
import { ConditionsTab } from './conditions-tab.tsx';

/** /clinical/conditions (spec 2 §2 "Routes"): the conditions list on a page of its own. */
export default function ConditionsPage() {
  usePageTitle('Conditions');
  return (
    <ClinicalPageLayout breadcrumb={['Conditions']} title="Conditions">
      <ConditionsTab />
    </ClinicalPageLayout>
  );
}
