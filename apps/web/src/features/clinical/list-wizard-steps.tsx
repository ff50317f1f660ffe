import {
  Button,
  Card,
  Checkbox,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import {
  INTERVENTION_LIST_PBMS,
  clinicalNameSchema,
  type InterventionListDetail,
} from '@pillar/domain';
import { DrugSearchSelect } from '../../entities/drug/index.ts';
import { ALL_CONDITIONS, useHealthConditions } from '../../entities/health-condition/index.ts';
import {
  interventionListRefusal,
  useAddTargetDrugs,
  useCreateIntervention,
  useInterventions,
  useRemoveTargetDrug,
} from '../../entities/intervention-list/index.ts';
import type { AlternativesDraft, DraftDrug, SettingRow } from './list-wizard-rules.ts';

/** 'code · name', the way the wizard and the detail page name a drug class. */
export function drugTitle(drug: DraftDrug): string {
  return `${drug.drug_code} · ${drug.drug_name}`;
}

/**
 * Step 1, Target Drugs: a drug found by the drug search is added to the list at once, and a
 * target drug removed at once (with its alternatives), so this step has nothing left to save.
 */
export function TargetDrugsStep({ list }: { list: InterventionListDetail }) {
  const add = useAddTargetDrugs(list.id);
  const remove = useRemoveTargetDrug(list.id);
  const codes = list.target_drugs.map((drug) => drug.drug_code);
  return (
    <div className="list-wizard__step">
      <Typography.Paragraph>
        The drugs whose claims start an intervention. Search by drug name, NDC or class code; a
        chosen drug is added to the list at once.
      </Typography.Paragraph>
      <label className="list-wizard__label" htmlFor="list-wizard-target">
        Add a target drug
      </label>
      <DrugSearchSelect
        id="list-wizard-target"
        value={null}
        excludeCodes={codes}
        disabled={add.isPending}
        onChange={(code) => add.mutate([code])}
      />
      {list.target_drugs.length === 0 ? (
        <Empty description="No target drugs yet: search above to add one." />
      ) : (
        <ul className="list-wizard__drugs" aria-label="Target drugs">
          {list.target_drugs.map((drug) => (
            <li key={drug.id} className="list-wizard__drug">
              <span>{drugTitle(drug)}</span>
              <Popconfirm
                title="Remove Target Drug"
                description={`Remove ${drug.drug_name} and its alternative drugs from the list?`}
                okText="Remove Target Drug"
                cancelText="Cancel"
                onConfirm={() => remove.mutateAsync(drug.id)}
              >
                <Button size="small" danger icon={<DeleteOutlined aria-hidden />}>
                  Remove <span className="sr-only">{drug.drug_name}</span>
                </Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface AlternativeDrugsStepProps {
  list: InterventionListDetail;
  draft: AlternativesDraft;
  onDraftChange: (draft: AlternativesDraft) => void;
}

/**
 * Step 2, Alternative Drugs: for each target drug, the drugs an intervention may suggest instead.
 * Edits are kept until Next or Finish saves each changed target drug's set.
 */
export function AlternativeDrugsStep({ list, draft, onDraftChange }: AlternativeDrugsStepProps) {
  if (list.target_drugs.length === 0) {
    return (
      <Empty description="This list has no target drugs yet: go Back to add one, then choose its alternatives here." />
    );
  }
  return (
    <div className="list-wizard__step">
      <Typography.Paragraph>
        For each target drug, the drugs an intervention may suggest instead (optional). They are
        saved when you press Next or Finish.
      </Typography.Paragraph>
      {list.target_drugs.map((target) => {
        const current = draft[target.id] ?? target.alternative_drugs;
        const fieldId = `list-wizard-alternative-${target.id}`;
        return (
          <Card
            key={target.id}
            size="small"
            title={drugTitle(target)}
            className="list-wizard__card"
          >
            <div
              className="list-wizard__tags"
              role="group"
              aria-label={`Alternatives to ${target.drug_name}`}
            >
              {current.length === 0 ? (
                <Typography.Text type="secondary">No alternative drugs yet.</Typography.Text>
              ) : (
                current.map((drug) => (
                  <Tag key={drug.drug_code} className="list-wizard__tag">
                    {drugTitle(drug)}
                    {/* A real button, so the keyboard reaches it (a Tag's close icon is not). */}
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined aria-hidden />}
                      aria-label={`Remove ${drug.drug_name}`}
                      onClick={() =>
                        onDraftChange({
                          ...draft,
                          [target.id]: current.filter((d) => d.drug_code !== drug.drug_code),
                        })
                      }
                    />
                  </Tag>
                ))
              )}
            </div>
            <label className="list-wizard__label" htmlFor={fieldId}>
              Add an alternative to {target.drug_name}
            </label>
            <DrugSearchSelect
              id={fieldId}
              value={null}
              excludeCodes={[target.drug_code, ...current.map((d) => d.drug_code)]}
              onChange={(code, drug) =>
                onDraftChange({
                  ...draft,
                  [target.id]: [
                    ...current,
                    { drug_code: code, drug_name: drug.nonproprietary_name || drug.drug_name },
                  ],
                })
              }
            />
          </Card>
        );
      })}
    </div>
  );
}

/** Step 3, PBMs: which pharmacy benefit managers' claims the list applies to. */
export function PbmsStep({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (pbms: string[]) => void;
}) {
  return (
    <div className="list-wizard__step">
      <Typography.Paragraph id="list-wizard-pbms">
        The PBMs whose claims this list applies to. They are saved when you press Next or Finish.
      </Typography.Paragraph>
      <Checkbox.Group
        aria-labelledby="list-wizard-pbms"
        className="list-wizard__pbms"
        options={INTERVENTION_LIST_PBMS.map((pbm) => ({ label: pbm, value: pbm }))}
        value={[...value]}
        onChange={(checked) => onChange(checked.map(String))}
      />
    </div>
  );
}

export interface ConditionSettingsStepProps {
  rows: readonly SettingRow[];
  onChange: (rows: SettingRow[]) => void;
}

/**
 * Step 4, Condition Settings: which health conditions trigger the list, each with the
 * intervention it starts; a missing intervention can be created here. Saved on Next or Finish.
 */
export function ConditionSettingsStep({ rows, onChange }: ConditionSettingsStepProps) {
  const conditions = useHealthConditions(ALL_CONDITIONS);
  const interventions = useInterventions();
  const createIntervention = useCreateIntervention();
  const [newIntervention, setNewIntervention] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  const chosen = new Set(rows.map((row) => row.health_condition_id));

  const update = (index: number, change: Partial<SettingRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const addIntervention = async () => {
    const parsed = clinicalNameSchema().safeParse(newIntervention);
    if (!parsed.success) {
      setNewError(parsed.error.issues[0]?.message ?? 'Invalid name');
      return;
    }
    try {
      await createIntervention.mutateAsync(parsed.data);
      setNewIntervention('');
      setNewError(null);
    } catch (error) {
      setNewError(interventionListRefusal(error) ?? 'The intervention could not be created.');
    }
  };

  return (
    <div className="list-wizard__step">
      <Typography.Paragraph>
        The health conditions that trigger this list, each with the intervention it starts
        (optional). They are saved when you press Next or Finish.
      </Typography.Paragraph>
      {rows.length === 0 && (
        <Typography.Paragraph type="secondary">No condition settings yet.</Typography.Paragraph>
      )}
      {rows.map((row, index) => (
        <Space key={index} className="list-wizard__setting" wrap>
          <Select
            aria-label={`Condition ${index + 1}`}
            placeholder="Condition"
            className="list-wizard__select"
            showSearch={{ optionFilterProp: 'label' }}
            loading={conditions.isPending}
            value={row.health_condition_id}
            onChange={(id: number) => update(index, { health_condition_id: id })}
            options={(conditions.data?.data ?? []).map((c) => ({
              value: c.id,
              label: c.name,
              disabled: c.id !== row.health_condition_id && chosen.has(c.id),
            }))}
          />
          <Select
            aria-label={`Intervention ${index + 1}`}
            placeholder="Intervention"
            className="list-wizard__select"
            showSearch={{ optionFilterProp: 'label' }}
            loading={interventions.isPending}
            value={row.intervention_id}
            onChange={(id: number) => update(index, { intervention_id: id })}
            options={(interventions.data?.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={`Remove condition setting ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <div>
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange([...rows, { health_condition_id: null, intervention_id: null }])}
        >
          Add Condition Setting
        </Button>
      </div>
      <div className="list-wizard__new-intervention">
        <label className="list-wizard__label" htmlFor="list-wizard-new-intervention">
          New intervention
        </label>
        <Space.Compact>
          <Input
            id="list-wizard-new-intervention"
            value={newIntervention}
            maxLength={400}
            status={newError ? 'error' : undefined}
            aria-describedby={newError ? 'list-wizard-new-intervention-error' : undefined}
            onChange={(event) => setNewIntervention(event.target.value)}
          />
          <Button onClick={() => void addIntervention()} loading={createIntervention.isPending}>
            Create Intervention
          </Button>
        </Space.Compact>
        {newError && (
          <Typography.Text type="danger" id="list-wizard-new-intervention-error" role="alert">
            {newError}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
