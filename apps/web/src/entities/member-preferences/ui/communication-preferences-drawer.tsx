import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Radio, Space, Typography } from 'antd';
import {
  COMMUNICATION_PREFERENCE_MESSAGES as M,
  CONFIDENTIALITY_OPTIONS,
  EMAIL_MAX_LENGTH,
  type CommunicationDetails,
  type IsConfidential,
  type PreferenceErrors,
  type PreferenceField,
} from '@pillar/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { notifySuccess } from '../../../shared/notifications/notify.ts';
import { useUpdateCommsPref } from '../api/communication-preferences.ts';
import {
  formErrors,
  initialFormValues,
  nextFormValues,
  storedOf,
  unchanged,
  updateBodyOf,
  type PreferencesFormValues,
} from './preferences-form.ts';

export interface CommunicationPreferencesDrawerProps {
  open: boolean;
  onClose: () => void;
  orgId: number;
  employeeNo: number;
  /** Set for a dependent: their own preferences, and the confidentiality choice. */
  dependentNo?: number | null;
  isDependent: boolean;
  /** What is stored (null: nothing on file); the drawer starts from it. */
  details: CommunicationDetails | null | undefined;
  /** A dependent's stored choice, if any. */
  isConfidential?: IsConfidential | null;
  /** The member's or dependent's name, sent as `names`. */
  names?: string;
}

/**
 * The Communication Preferences drawer (spec 2 §2, §4, §5): phone and e-mail with their opt-ins,
 * toggled live as the agent types (entering a phone ticks Call and Voicemail, clearing it
 * unticks them; entering an e-mail ticks Email); SMS shown but disabled, since the member
 * manages it in the portal; for a dependent the Confidential / NonConfidential choice. Save runs
 * the server's own rules first (checkCommunicationPreferences) and shows each message under its
 * field; the server refuses the same with the same words. Mount it only while open (the card
 * does) so it starts from what is stored.
 */
export function CommunicationPreferencesDrawer(props: CommunicationPreferencesDrawerProps) {
  const { open, onClose, isDependent } = props;
  const stored = storedOf(props.details, props.isConfidential);
  const [values, setValues] = useState<PreferencesFormValues>(() => initialFormValues(stored));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<PreferenceErrors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const update = useUpdateCommsPref();

  const errors: PreferenceErrors = submitted
    ? { ...serverErrors, ...formErrors(stored, values, isDependent) }
    : {};
  const change = (changed: Partial<PreferencesFormValues>) => {
    setValues((previous) => nextFormValues(previous, changed));
    setServerErrors({});
    setFormMessage(null);
  };

  const save = () => {
    // Nothing typed yet: the spec's 'Please fill the form first', not the rules' messages.
    if (unchanged(stored, values)) {
      setFormMessage(M.emptyForm);
      return;
    }
    setSubmitted(true);
    if (Object.keys(formErrors(stored, values, isDependent)).length > 0) {
      setFormMessage(M.incomplete);
      return;
    }
    const body = updateBodyOf(
      { orgId: props.orgId, employeeNo: props.employeeNo, dependentNo: props.dependentNo },
      values,
      props.names,
      isDependent,
    );
    update.mutate(body, {
      onSuccess: () => {
        notifySuccess('Communication Preferences', M.saved);
        onClose();
      },
      onError: (error) => {
        // The general notice (the server's text) is shown by the query client; the fields it
        // names are marked here.
        if (isApiError(error) && error.params) setServerErrors(error.params);
        setFormMessage(M.failed);
      },
    });
  };

  const fieldStatus = (field: PreferenceField) =>
    errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {};

  return (
    <AppDrawer
      title="Communication Preferences"
      open={open}
      onClose={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={update.isPending} onClick={save}>
            Save
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component="div">
        {formMessage || errors.communicationMethod ? (
          <Alert
            type={formMessage === M.emptyForm ? 'info' : 'error'}
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={errors.communicationMethod ?? formMessage}
          />
        ) : null}
        <Form.Item label="Phone Number" htmlFor="comm-pref-phone" {...fieldStatus('phoneNumber')}>
          <Input
            id="comm-pref-phone"
            inputMode="tel"
            autoComplete="off"
            placeholder="999-999-9999"
            maxLength={14}
            value={values.phoneNumber}
            onChange={(event) => change({ phoneNumber: event.target.value })}
          />
        </Form.Item>
        <Form.Item {...fieldStatus('phoneOptIns')}>
          <fieldset className="comm-pref__opt-ins">
            <legend>
              <Typography.Text>Phone opt-ins</Typography.Text>
            </legend>
            <Space wrap>
              <Checkbox checked={values.commsPref.smsOpted} disabled>
                SMS
              </Checkbox>
              <Checkbox
                checked={values.commsPref.callOpted}
                onChange={(event) =>
                  change({ commsPref: { ...values.commsPref, callOpted: event.target.checked } })
                }
              >
                Call
              </Checkbox>
              <Checkbox
                checked={values.commsPref.voiceMailOpted}
                onChange={(event) =>
                  change({
                    commsPref: { ...values.commsPref, voiceMailOpted: event.target.checked },
                  })
                }
              >
                Voicemail
              </Checkbox>
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              SMS is managed by the member in the member portal.
            </Typography.Paragraph>
          </fieldset>
        </Form.Item>
        <Form.Item label="Email" htmlFor="comm-pref-email" {...fieldStatus('emailAddress')}>
          <Input
            id="comm-pref-email"
            type="email"
            autoComplete="off"
            maxLength={EMAIL_MAX_LENGTH}
            value={values.emailAddress}
            onChange={(event) => change({ emailAddress: event.target.value })}
          />
        </Form.Item>
        <Form.Item {...fieldStatus('emailOptIn')}>
          <Checkbox
            checked={values.commsPref.emailOpted}
            onChange={(event) =>
              change({ commsPref: { ...values.commsPref, emailOpted: event.target.checked } })
            }
          >
            Email opt-in
          </Checkbox>
        </Form.Item>
        {isDependent ? (
          <Form.Item {...fieldStatus('isConfidential')}>
            <fieldset className="comm-pref__opt-ins">
              <legend>
                <Typography.Text>Confidentiality Preference</Typography.Text>
              </legend>
              <Radio.Group
                value={values.isConfidential}
                onChange={(event) =>
                  change({ isConfidential: event.target.value as IsConfidential })
                }
                options={CONFIDENTIALITY_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              />
            </fieldset>
          </Form.Item>
        ) : null}
      </Form>
    </AppDrawer>
  );
}
