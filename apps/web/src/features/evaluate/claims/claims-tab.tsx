import { useCallback, useState } from 'react';
import { Button, Steps } from 'antd';
import type { ClaimsFile, MappedClaimsFile } from '@pillar/domain';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import { SharedWithPanel } from '../claims-shares/shared-with-panel.tsx';
import { PricingScreen } from '../financial-analysis/pricing-screen.tsx';
import {
  CLAIMS_STAGES,
  CLAIMS_STAGE_LABELS,
  START,
  type ClaimsStage,
  currentStage,
  popStage,
  pushStage,
  type StageStack,
} from './claims-stages.ts';
import { FileStage } from './file-stage.tsx';
import { MappingStage } from './mapping-stage.tsx';
import { SummaryStage } from './summary-stage.tsx';
import './claims.css';

/**
 * The Claims tab (spec 3 §2 "Claims file page", §4 "Claims flow"): a wizard of File, Mapping,
 * Summary and Pricing. Next pushes a stage, Previous pops it (skipping Mapping); back on File the
 * selected files are cleared. Pricing is for internal users (the File and Summary stages offer it
 * only to them; an external user's shared opportunity shows no Pricing step, decision 0144).
 */
export function ClaimsTab({ opportunityId }: { opportunityId: number }) {
  const [stack, setStack] = useState<StageStack>(START);
  const [unmapped, setUnmapped] = useState<ClaimsFile | null>(null);
  const [mapped, setMapped] = useState<MappedClaimsFile | null>(null);
  const stage = currentStage(stack);
  // An external user (a shared opportunity, decision 0144) has no Pricing stage.
  const { isInternal } = usePermissions();
  const stages: readonly ClaimsStage[] = isInternal
    ? CLAIMS_STAGES
    : CLAIMS_STAGES.filter((s) => s !== 'pricing');

  const toFile = useCallback(() => {
    setStack(START);
    setUnmapped(null);
    setMapped(null);
  }, []);
  const previous = () => {
    const next = popStage(stack);
    if (currentStage(next) === 'file') toFile();
    else setStack(next);
  };
  const onMapped = useCallback((file: MappedClaimsFile) => {
    setMapped(file);
    setStack((s) => pushStage(s, 'summary'));
  }, []);

  const previousButton = stage !== 'file' && <Button onClick={previous}>Previous</Button>;

  return (
    <div className="claims-tab">
      {isInternal && (
        <div className="claims-tab__share">
          <SharedWithPanel opportunityId={opportunityId} />
        </div>
      )}
      <Steps
        className="claims-tab__steps"
        size="small"
        current={stages.indexOf(stage)}
        items={stages.map((s) => ({ title: CLAIMS_STAGE_LABELS[s] }))}
      />
      {stage !== 'pricing' && previousButton && (
        <div className="claims-tab__nav">{previousButton}</div>
      )}
      {stage === 'file' && (
        <FileStage
          opportunityId={opportunityId}
          onMap={(file) => {
            setUnmapped(file);
            setStack((s) => pushStage(s, 'mapping'));
          }}
          onSummary={(file) => {
            setMapped(file);
            setStack((s) => pushStage(s, 'summary'));
          }}
          onPricing={(file) => {
            setMapped(file);
            setStack((s) => pushStage(s, 'pricing'));
          }}
        />
      )}
      {stage === 'mapping' && unmapped && (
        <MappingStage
          opportunityId={opportunityId}
          file={unmapped}
          onMapped={onMapped}
          onFailed={toFile}
        />
      )}
      {stage === 'summary' && mapped && (
        <SummaryStage
          opportunityId={opportunityId}
          file={mapped}
          onPricing={() => setStack((s) => pushStage(s, 'pricing'))}
        />
      )}
      {stage === 'pricing' && mapped && isInternal && (
        <PricingScreen opportunityId={opportunityId} fileId={mapped.id} back={previousButton} />
      )}
    </div>
  );
}
