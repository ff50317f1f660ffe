import { Alert, Button, Form, Input, Modal, Space, Steps, Switch, Typography } from 'antd';
import { useState } from 'react';
import {
  CLINICAL_MESSAGES,
  INTERVENTION_LIST_PBMS,
  clinicalNameSchema,
  isNameTaken,
  type InterventionListDetail,
} from '@pillar/domain';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useConfirmAction } from '../../shared/page/confirm-action.tsx';
import {
  interventionListRefusal,
  useInterventionList,
  useInterventionListNames,
  useSaveInterventionList,
  useSetAlternativeDrugs,
  useSetConditionSettings,
  useSetListPbms,
} from '../../entities/intervention-list/index.ts';
import {
  LIST_WIZARD_BLOCKS,
  LIST_WIZARD_STEPS,
  listWizardButtons,
  alternativeChanges,
  incompleteSettings,
  listWizardTitle,
  nextStep,
  previousStep,
  savesName,
  settingsChanged,
  type AlternativesDraft,
  type ListWizardStep,
  type SettingRow,
} from './list-wizard-rules.ts';
import {
  AlternativeDrugsStep,
  ConditionSettingsStep,
  PbmsStep,
  TargetDrugsStep,
} from './list-wizard-steps.tsx';
import './list-wizard.css';

export interface ListWizardProps {
  open: boolean;
  /** Create List (a new list) or Edit List (the list `listId`). */
  mode: 'create' | 'edit';
  listId?: number;
  /** The step it opens on: Add Target Drugs opens on Target Drugs. */
  startStep?: ListWizardStep;
  /** Closed: after Finish with the list's id, after a confirmed cancel with null. */
  onClose: (savedId: number | null) => void;
}

/**
 * The intervention list wizard (spec 2 §2, §4 "Intervention list wizard"; decision 0109) in a
 * modal. Each opening starts afresh (step and form reset), so the body is keyed by the opening.
 */
export function ListWizard(props: ListWizardProps) {
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpening((n) => n + 1);
  }
  return props.open ? <ListWizardBody key={opening} {...props} /> : null;
}

interface NameValues {
  name: string;
  is_active: boolean;
}

function ListWizardBody({ mode, listId: editedId, startStep = 0, onClose }: ListWizardProps) {
  const [form] = Form.useForm<NameValues>();
  const [nameDraft, setNameDraft] = useState<NameValues | null>(null);
  const [step, setStep] = useState<ListWizardStep>(mode === 'edit' ? startStep : 0);
  const [listId, setListId] = useState<number | null>(editedId ?? null);
  const [alternatives, setAlternatives] = useState<AlternativesDraft>({});
  const [pbms, setPbms] = useState<string[] | null>(null);
  const [settings, setSettings] = useState<SettingRow[] | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const [confirm, confirmHolder] = useConfirmAction();

  const list = useInterventionList(listId);
  const names = useInterventionListNames();
  const saveName = useSaveInterventionList();
  const saveAlternatives = useSetAlternativeDrugs(listId);
  const savePbms = useSetListPbms(listId);
  const saveSettings = useSetConditionSettings(listId);

  const stored: InterventionListDetail | undefined = list.data;
  const typedName = nameDraft?.name ?? stored?.name ?? '';
  const typedActive = nameDraft?.is_active ?? stored?.is_active ?? true;
  const duplicateName = isNameTaken(typedName, names.data ?? [], listId);
  const buttons = listWizardButtons({
    step,
    name: typedName,
    duplicateName,
    targetDrugCount: stored?.target_drugs.length ?? 0,
  });
  const busy =
    saveName.isPending ||
    saveAlternatives.isPending ||
    savePbms.isPending ||
    saveSettings.isPending;
  // In edit mode the form waits for the list, so the name field starts with its name.
  const ready = listId === null || stored !== undefined;

  /** Saves what this step holds; false when it could not (the reason is shown). */
  async function saveStep(): Promise<boolean> {
    setStepError(null);
    if (step === 0) {
      try {
        await form.validateFields();
      } catch {
        return false;
      }
      const values = { listId, name: typedName, isActive: typedActive };
      const storedValues = stored ? { name: stored.name, isActive: stored.is_active } : null;
      if (!savesName(step, { ...values, stored: storedValues })) return true;
      try {
        const saved = await saveName.mutateAsync({
          ...(listId !== null ? { id: listId } : {}),
          name: typedName,
          is_active: typedActive,
        });
        setListId(saved.id);
        return true;
      } catch (error) {
        const refusal = interventionListRefusal(error);
        form.setFields([{ name: 'name', errors: [refusal ?? 'The list could not be saved.'] }]);
        return false;
      }
    }
    if (!stored || listId === null) return true;
    try {
      if (step === 2) {
        for (const change of alternativeChanges(stored.target_drugs, alternatives)) {
          await saveAlternatives.mutateAsync(change);
        }
        setAlternatives({});
      }
      if (step === 3 && pbms !== null) {
        await savePbms.mutateAsync({
          pbms: INTERVENTION_LIST_PBMS.filter((pbm) => pbms.includes(pbm)),
        });
        setPbms(null);
      }
      if (step === 4 && settings !== null) {
        if (incompleteSettings(settings)) {
          setStepError('Choose a condition and an intervention in each row, or remove the row.');
          return false;
        }
        if (settingsChanged(stored.condition_settings, settings)) {
          await saveSettings.mutateAsync({
            settings: settings.map((row) => ({
              health_condition_id: row.health_condition_id!,
              intervention_id: row.intervention_id!,
            })),
          });
        }
        setSettings(null);
      }
      return true;
    } catch (error) {
      setStepError(interventionListRefusal(error) ?? 'The step could not be saved; try again.');
      return false;
    }
  }

  // Enter in the name field submits too: the same rule as the buttons applies.
  const canGoOn = buttons.nextAndFinishEnabled && ready && !busy;
  const onNext = async () => {
    if (canGoOn && (await saveStep())) setStep(nextStep(step));
  };
  const onFinish = async () => {
    if (canGoOn && (await saveStep())) onClose(listId);
  };
  const onCancel = async () => {
    const leave = await confirm({
      title: CLINICAL_MESSAGES.confirmCancelTitle,
      content: CLINICAL_MESSAGES.confirmCancelText,
      action: CLINICAL_MESSAGES.confirmCancelOk,
    });
    if (leave) onClose(null);
  };

  const footer = [
    <Button key="cancel" onClick={() => void onCancel()} disabled={busy}>
      Cancel
    </Button>,
    buttons.back && (
      <Button
        key="back"
        onClick={() => {
          setStepError(null);
          setStep(previousStep(step));
        }}
        disabled={busy}
      >
        Back
      </Button>
    ),
    buttons.next && (
      <Button
        key="next"
        type="primary"
        onClick={() => void onNext()}
        disabled={!buttons.nextAndFinishEnabled || !ready}
        loading={busy}
      >
        Next
      </Button>
    ),
    <Button
      key="finish"
      type={buttons.next ? 'default' : 'primary'}
      onClick={() => void onFinish()}
      disabled={!buttons.nextAndFinishEnabled || !ready}
      loading={busy && !buttons.next}
    >
      Finish
    </Button>,
  ];

  return (
    <Modal
      open
      title={listWizardTitle(mode)}
      width={760}
      maskClosable={false}
      onCancel={() => void onCancel()}
      footer={
        <div className="list-wizard__footer">
          {buttons.block && ready && (
            <Typography.Text type="secondary" className="list-wizard__block" role="status">
              {LIST_WIZARD_BLOCKS[buttons.block]}
            </Typography.Text>
          )}
          <Space wrap>{footer}</Space>
        </div>
      }
    >
      {confirmHolder}
      <Steps
        size="small"
        current={step}
        className="list-wizard__steps"
        items={LIST_WIZARD_STEPS.map((title) => ({ title }))}
      />
      {stepError && (
        <Alert type="error" showIcon title={stepError} className="list-wizard__error" />
      )}
      {!ready ? (
        <Typography.Paragraph>Loading the list…</Typography.Paragraph>
      ) : (
        <div className="list-wizard__body">
          {step === 0 && (
            <Form<NameValues>
              form={form}
              layout="vertical"
              name="list-wizard-name"
              aria-label="List name"
              initialValues={{ name: typedName, is_active: typedActive }}
              onValuesChange={(_changed, all) => setNameDraft(all)}
              onFinish={() => void onNext()}
            >
              <Form.Item
                label="Name"
                name="name"
                required
                rules={[zodRule(clinicalNameSchema())]}
                validateStatus={duplicateName ? 'error' : undefined}
                help={duplicateName ? CLINICAL_MESSAGES.listNameTaken : undefined}
              >
                <Input autoFocus maxLength={400} />
              </Form.Item>
              <Form.Item label="Active" name="is_active" valuePropName="checked">
                <Switch checkedChildren="Active" unCheckedChildren="Inactive" />
              </Form.Item>
            </Form>
          )}
          {step === 1 && stored && <TargetDrugsStep list={stored} />}
          {step === 2 && stored && (
            <AlternativeDrugsStep
              list={stored}
              draft={alternatives}
              onDraftChange={setAlternatives}
            />
          )}
          {step === 3 && stored && <PbmsStep value={pbms ?? stored.pbms} onChange={setPbms} />}
          {step === 4 && stored && (
            <ConditionSettingsStep
              rows={
                settings ??
                stored.condition_settings.map(({ health_condition_id, intervention_id }) => ({
                  health_condition_id,
                  intervention_id,
                }))
              }
              onChange={setSettings}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
