import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Select, Skeleton, Space, Typography } from 'antd';
import {
  CHANNEL_MANAGEMENT_OPTIONS,
  DISRUPTION_TIERS,
  MEMBER_POPULATIONS,
  NET_NEW_OPTIONS,
  PBM_CHANNEL_MANAGEMENT,
  PBM_OPTION_VALUES,
  PBM_PROTECT_SERVICES,
  PRICING_MESSAGES,
  PRICING_OPTIONS,
  PROTECT_SERVICES_VERSIONS,
  RATE_CARD_PBMS,
  RATE_CARD_PBM_NAMES,
  REBATE_TIERS,
  SPECIALTY_INDICATORS,
  formatUsd,
  type FootNote,
  type GlobalCustomizations,
  type GridColumnAnswer,
  type PbmSelection,
  type PricingGridAnswer,
} from '@pillar/domain';
import { useSaveIteration } from '../../../entities/claims-file/index.ts';
import {
  jobRunning,
  useFaJobStatus,
  usePricingGrid,
  useRecalculate,
} from '../../../entities/pricing/index.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { BarChart } from './bar-chart.tsx';
import { ExplainDrawer } from './explain-drawer.tsx';
import { spendBy } from './grid-rows.ts';
import { PricingGrid } from './pricing-grid.tsx';
import {
  addPbm,
  removePbm,
  selectionsFrom,
  setGlobal,
  setPbm,
  setPbmOption,
  type PricingSelections,
} from './pricing-selections.ts';
import { SaveGridModal, type SaveGridValues } from './save-grid-modal.tsx';

/** A grid as the screen shows it: the server's answer or an iteration's saved copy. */
export interface ShownGrid {
  columns: GridColumnAnswer[];
  footNotes: FootNote[];
  claimDetail?: Record<string, unknown>[];
  globalCustomizations: unknown;
  pbmSelections: unknown;
  /** The server's version of this grid (decision 0139): a saved iteration keeps it. */
  gridVersionId?: number;
  /** Set when the grid is a saved iteration's copy: Explain answers from that iteration. */
  iterationId?: number;
}

export interface PricingScreenProps {
  opportunityId: number;
  /** The mapped claims file's id (the x of /opps/{id}/fa/{x}). */
  fileId: number;
  /** An iteration opened from the Financial Analysis tab: its saved grid and selections. */
  saved?: ShownGrid;
  /** Back (the FA tab's recalculation screen) or Previous (the Claims wizard). */
  back?: ReactNode;
}

const GLOBAL_FIELDS: {
  key: keyof GlobalCustomizations;
  label: string;
  options: readonly (string | number)[];
}[] = [
  { key: 'pricing', label: 'Pricing', options: PRICING_OPTIONS },
  { key: 'memberPopulation', label: 'Member Population', options: MEMBER_POPULATIONS },
  { key: 'rebateTier', label: 'Rebate Tier', options: REBATE_TIERS },
  { key: 'retail90', label: 'Retail 90', options: [1, 0] },
  { key: 'channelManagement', label: 'Channel Management', options: CHANNEL_MANAGEMENT_OPTIONS },
  { key: 'disruptionTier', label: 'Disruption Tier', options: DISRUPTION_TIERS },
  { key: 'specialtyIndicator', label: 'Specialty Indicator', options: SPECIALTY_INDICATORS },
  { key: 'protectServices', label: 'Protect Services', options: PROTECT_SERVICES_VERSIONS },
];

const opts = (values: readonly (string | number)[]) =>
  values.map((v) => ({ value: v, label: String(v) }));

function toShown(grid: PricingGridAnswer): ShownGrid {
  return {
    columns: grid.columns,
    footNotes: grid.footNotes,
    claimDetail: grid.claimDetail,
    globalCustomizations: grid.globalCustomizations,
    pbmSelections: grid.pbmSelections,
    ...(grid.gridVersionId ? { gridVersionId: grid.gridVersionId } : {}),
  };
}

/** One PBM selection column (spec 3 §3 "Per PBM"). */
function PbmColumn({
  index,
  selection,
  canRemove,
  onChange,
}: {
  index: number;
  selection: PbmSelection;
  canRemove: boolean;
  onChange: (next: (s: PricingSelections) => PricingSelections) => void;
}) {
  const values = PBM_OPTION_VALUES[selection.pbm];
  const id = (field: string) => `pbm-${index}-${field}`;
  const option =
    <K extends Exclude<keyof PbmSelection, 'pbm'>>(key: K) =>
    (value: PbmSelection[K]) =>
      onChange((s) => setPbmOption(s, index, key, value));
  return (
    <Card
      size="small"
      className="pbm-column"
      title={`PBM ${index + 1}`}
      extra={
        canRemove && (
          <Button
            size="small"
            onClick={() => onChange((s) => removePbm(s, index))}
            aria-label={`Remove PBM ${index + 1}`}
          >
            Remove
          </Button>
        )
      }
    >
      <Form layout="vertical" component="div" size="small">
        <Form.Item label="PBM" htmlFor={id('pbm')}>
          <Select
            id={id('pbm')}
            value={selection.pbm}
            options={RATE_CARD_PBMS.map((p) => ({ value: p, label: RATE_CARD_PBM_NAMES[p] }))}
            onChange={(pbm) => onChange((s) => setPbm(s, index, pbm))}
          />
        </Form.Item>
        <Form.Item label="Formulary" htmlFor={id('formulary')}>
          <Select
            id={id('formulary')}
            value={selection.formulary}
            options={opts(values.formulary)}
            onChange={option('formulary')}
          />
        </Form.Item>
        <Form.Item label="Pharmacy Network" htmlFor={id('pharmacyNetwork')}>
          <Select
            id={id('pharmacyNetwork')}
            value={selection.pharmacyNetwork}
            options={opts(values.pharmacyNetwork)}
            onChange={option('pharmacyNetwork')}
          />
        </Form.Item>
        <Form.Item label="Specialty Network" htmlFor={id('specialtyNetwork')}>
          <Select
            id={id('specialtyNetwork')}
            value={selection.specialtyNetwork}
            options={opts(values.specialtyNetwork)}
            onChange={option('specialtyNetwork')}
          />
        </Form.Item>
        <Form.Item label="Channel Management" htmlFor={id('channelManagement')}>
          <Select
            id={id('channelManagement')}
            value={selection.channelManagement}
            options={opts(PBM_CHANNEL_MANAGEMENT)}
            onChange={option('channelManagement')}
          />
        </Form.Item>
        <Form.Item label="Protect Services" htmlFor={id('protectServices')}>
          <Select
            id={id('protectServices')}
            value={selection.protectServices}
            options={opts(PBM_PROTECT_SERVICES)}
            onChange={option('protectServices')}
          />
        </Form.Item>
        {selection.pbm === 'EXPRESS_SCRIPTS' && (
          <Form.Item label="Net New" htmlFor={id('netNew')}>
            <Select
              id={id('netNew')}
              value={selection.netNew ?? 'Net New'}
              options={opts(NET_NEW_OPTIONS)}
              onChange={option('netNew')}
            />
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

/**
 * The recalculation screen (spec 3 §2 Pricing stage and the FA tab's iteration, §4 "Pricing"):
 * global customizations and up to 3 PBM columns; any change shows 'New selections detected please
 * recalculate!' until Recalculate; the grid with footnotes, charts, "how this was computed" on
 * every cell; Save stores an iteration and switches to the fa tab.
 */
export function PricingScreen({ opportunityId, fileId, saved, back }: PricingScreenProps) {
  const navigate = useNavigate();
  const job = useFaJobStatus(opportunityId, fileId);
  const live = usePricingGrid(opportunityId, fileId, job.data?.status === 'COMPLETE');
  const recalculate = useRecalculate(opportunityId, fileId);
  const save = useSaveIteration(opportunityId);
  const [recalculated, setRecalculated] = useState<ShownGrid | null>(null);
  const grid = recalculated ?? saved ?? (live.data ? toShown(live.data) : null);
  const [selections, setSelections] = useState<PricingSelections | null>(null);
  const current =
    selections ?? (grid ? selectionsFrom(grid.globalCustomizations, grid.pbmSelections) : null);
  const [limit, setLimit] = useState<string | null>(null);
  const [cell, setCell] = useState<{ column: string; row: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (next: (s: PricingSelections) => PricingSelections) => {
    if (!current) return;
    setLimit(null);
    setSelections(next(current));
  };

  let state: ReactNode = null;
  if (!grid) {
    if (job.isPending || (job.data?.status === 'COMPLETE' && live.isPending))
      state = <Skeleton active />;
    else if (job.data && jobRunning(job.data))
      state = <Alert type="info" showIcon title={PRICING_MESSAGES.gridLoading} />;
    else if (live.isError && !hasStatus(live.error, 404))
      state = <Alert type="error" showIcon title={describeError(live.error).description} />;
    else state = <Alert type="warning" showIcon title={PRICING_MESSAGES.noGrid} />;
  }

  const onRecalculate = () => {
    if (!current) return;
    recalculate.mutate(
      { globalCustomizations: current.global, pbmSelections: current.pbms },
      {
        onSuccess: (answer) => {
          setRecalculated(toShown(answer));
          setSelections({ ...current, dirty: false });
          setLimit(null);
        },
      },
    );
  };

  const onSave = (values: SaveGridValues) => {
    if (!grid || !current) return;
    save.mutate(
      {
        mappedClaimFileID: fileId,
        cscData: {
          outputColumns: values.outputColumns,
          stale: current.dirty,
          globalCustomizations: current.global,
          pbmSelections: current.pbms,
          ...(grid.gridVersionId ? { gridVersionId: grid.gridVersionId } : {}),
        },
        notes: values.notes,
        pricingGridData: {
          columns: grid.columns,
          ...(grid.claimDetail ? { claimDetail: grid.claimDetail } : {}),
        },
        footNotes: grid.footNotes,
        outputTemplate: values.outputTemplate,
      },
      {
        onSuccess: () => {
          setSaving(false);
          void navigate(`/evaluate/opportunities/${opportunityId}/fa`);
        },
      },
    );
  };

  const incumbent = grid?.columns[0];
  return (
    <div className="pricing-screen">
      <Space className="pricing-screen__actions" wrap>
        {back}
        <Button
          type="primary"
          onClick={onRecalculate}
          loading={recalculate.isPending}
          disabled={!current}
        >
          Recalculate
        </Button>
        <Button onClick={() => setSaving(true)} disabled={!grid}>
          Save
        </Button>
      </Space>
      {current?.dirty && (
        <p className="pricing-screen__dirty" role="status">
          {PRICING_MESSAGES.recalculate}
        </p>
      )}
      {recalculate.isError && (
        <p className="pricing-screen__error" role="alert">
          {describeError(recalculate.error).description}
        </p>
      )}
      {current && (
        <>
          <section aria-labelledby="global-customizations-title">
            <Typography.Title level={3} id="global-customizations-title">
              Global Customizations
            </Typography.Title>
            <Form layout="vertical" component="div" size="small" className="global-customizations">
              {GLOBAL_FIELDS.map((f) => (
                <Form.Item key={f.key} label={f.label} htmlFor={`global-${f.key}`}>
                  <Select
                    id={`global-${f.key}`}
                    value={current.global[f.key]}
                    options={opts(f.options)}
                    onChange={(value) => change((s) => setGlobal(s, f.key, value))}
                  />
                </Form.Item>
              ))}
            </Form>
          </section>
          <section aria-labelledby="pbm-selections-title">
            <Space className="pbm-selections__header">
              <Typography.Title level={3} id="pbm-selections-title">
                PBM Selections
              </Typography.Title>
              <Button
                size="small"
                onClick={() => {
                  const next = addPbm(current);
                  if ('problem' in next) setLimit(next.problem);
                  else change(() => next);
                }}
              >
                Add PBM
              </Button>
            </Space>
            {limit && (
              <p className="pricing-screen__error" role="alert">
                {limit}
              </p>
            )}
            <div className="pbm-selections">
              {current.pbms.map((selection, index) => (
                <PbmColumn
                  key={`${index}-${selection.pbm}`}
                  index={index}
                  selection={selection}
                  canRemove={current.pbms.length > 1}
                  onChange={change}
                />
              ))}
            </div>
          </section>
        </>
      )}
      {state}
      {grid && incumbent && (
        <>
          <section aria-labelledby="pricing-grid-title">
            <Typography.Title level={3} id="pricing-grid-title">
              Pricing Grid
            </Typography.Title>
            <PricingGrid columns={grid.columns} footNotes={grid.footNotes} onExplain={setCell} />
          </section>
          <section aria-labelledby="pricing-charts-title" className="pricing-charts">
            <Typography.Title level={3} id="pricing-charts-title">
              Charts
            </Typography.Title>
            <div className="pricing-charts__grid">
              <BarChart
                title="Net cost by column"
                format={formatUsd}
                bars={grid.columns.map((c) => ({ label: c.name, value: c.planCost.netCost }))}
              />
              <BarChart
                title="Contract savings by column"
                format={formatUsd}
                bars={grid.columns
                  .slice(1)
                  .map((c) => ({ label: c.name, value: c.contractSavings.contractSavings }))}
              />
              <BarChart
                title={`Spend by channel (${incumbent.name})`}
                format={formatUsd}
                bars={spendBy(incumbent, 'deliverySystem')}
              />
              <BarChart
                title={`Spend by brand/generic (${incumbent.name})`}
                format={formatUsd}
                bars={spendBy(incumbent, 'brandGenericInd')}
              />
            </div>
          </section>
          <SaveGridModal
            open={saving}
            columns={grid.columns}
            dirty={current?.dirty ?? false}
            saving={save.isPending}
            onSave={onSave}
            onClose={() => setSaving(false)}
          />
        </>
      )}
      <ExplainDrawer
        opportunityId={opportunityId}
        fileId={fileId}
        cell={cell}
        {...(grid?.iterationId ? { iteration: grid.iterationId } : {})}
        onClose={() => setCell(null)}
      />
    </div>
  );
}
