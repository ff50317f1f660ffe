import { Skeleton, Tabs, Typography } from 'antd';
import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { ClinicalPageLayout } from './clinical-page-layout.tsx';
import './intervention-lists.css';

// Each tab's body loads when first opened.
const InterventionListsTab = lazy(() => import('./intervention-lists-tab.tsx'));
const ConditionsTab = lazy(() =>
  import('./conditions-tab.tsx').then((module) => ({ default: module.ConditionsTab })),
);

/**
 * A tab the spec gives placeholder text only (spec 2 §2 "Clinical configuration"): it says what
 * the tab will hold and that Pillar does not configure it yet, with no controls that do nothing.
 */
function PlannedTab({ holds }: { holds: string }) {
  return (
    <div className="clinical-planned-tab">
      <Typography.Paragraph>{holds}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        This part of Protect CDS is not configurable in Pillar yet; it is coming in a later release.
      </Typography.Paragraph>
    </div>
  );
}

function MessageTemplateTab() {
  return (
    <PlannedTab holds="Message templates: the wording an intervention uses when it writes to a member or to a prescriber about a target drug and its alternatives." />
  );
}

function ScoringTab() {
  return (
    <PlannedTab holds="Scoring: how intervention cases are weighed against each other, so clinicians review the cases with the most to gain first." />
  );
}

/** The configuration page's tabs, in the spec's order, each under its kebab-case slug. */
export const CLINICAL_CONFIG_TABS: readonly { slug: string; label: string; Body: ComponentType }[] =
  [
    {
      slug: 'intervention-drug-lists',
      label: 'Intervention Drug Lists',
      Body: InterventionListsTab,
    },
    { slug: 'message-template', label: 'Message Template', Body: MessageTemplateTab },
    { slug: 'conditions', label: 'Conditions', Body: ConditionsTab },
    { slug: 'scoring', label: 'Scoring', Body: ScoringTab },
  ];

/** The tab a slug names; an unknown slug opens the first tab. */
export function configTabOf(slug: string | undefined) {
  return CLINICAL_CONFIG_TABS.find((tab) => tab.slug === slug) ?? CLINICAL_CONFIG_TABS[0]!;
}

/**
 * /clinical/config/{tab} (spec 2 §2 "Clinical configuration"): Intervention Drug Lists, Message
 * Template, Conditions and Scoring; the tab lives in the URL, the breadcrumb ends with it.
 */
export default function ClinicalConfigPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const active = configTabOf(tab);
  usePageTitle(`Configuration - ${active.label}`);
  // An unknown tab opens the first one, under its own URL.
  if (tab !== active.slug) return <Navigate to={`/clinical/config/${active.slug}`} replace />;
  return (
    <ClinicalPageLayout breadcrumb={[active.label]} title="Configuration">
      <Tabs
        activeKey={active.slug}
        onChange={(slug) => void navigate(`/clinical/config/${slug}`)}
        items={CLINICAL_CONFIG_TABS.map(({ slug, label, Body }) => ({
          key: slug,
          label,
          children: (
            <Suspense fallback={<Skeleton active />}>
              <Body />
            </Suspense>
          ),
        }))}
      />
    </ClinicalPageLayout>
  );
}
