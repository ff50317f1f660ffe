import { Form, Input, Radio, Switch, type FormInstance } from 'antd';
import { useId } from 'react';
import {
  USER_MESSAGES,
  USER_TYPE_LABELS,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  parseExtension,
  phoneSchema,
  requiredRolesLabel,
  type UserCreateInput,
  type UserDetail,
  type UserTypeName,
} from '@pillar/domain';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { PhoneInput } from '../../shared/inputs/phone-input.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { useRoles } from '../../entities/user/index.ts';
import {
  OrganizationAccessInput,
  type OrganizationSelection,
} from './organization-access-input.tsx';
import { RoleChecklist } from './role-checklist.tsx';

export interface UserFormValues {
  type?: UserTypeName;
  firstName?: string;
  lastName?: string;
  username?: string;
  phone?: string;
  extension?: string;
  roles: number[];
  orgAccess: 'all' | 'select';
  rxbAdmin: boolean;
  organizations: OrganizationSelection[];
  active: boolean;
}

/** The type choices a caller has: internal creators all three, others only their own. */
export function userTypeChoices(callerType: 'i' | 'b' | 'c'): UserTypeName[] {
  if (callerType === 'i') return ['internal', 'client', 'broker'];
  return [callerType === 'c' ? 'client' : 'broker'];
}

export function emptyUserForm(
  type: UserTypeName | undefined,
  canGrantAll: boolean,
): UserFormValues {
  return {
    type,
    roles: [],
    orgAccess: type === 'internal' && canGrantAll ? 'all' : 'select',
    rxbAdmin: false,
    organizations: [],
    // Spec 2 §4: inactive by default on create.
    active: false,
  };
}

export function formValuesOf(user: UserDetail): UserFormValues {
  return {
    type: user.type,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    phone: user.phone ?? '',
    extension: user.extension === null ? '' : String(user.extension),
    roles: user.roles.map((r) => r.id),
    orgAccess: user.allOrganizations ? 'all' : 'select',
    rxbAdmin: user.rxbAdmin,
    organizations: user.organizations.map((o) => ({
      orgId: o.id,
      name: o.name,
      all: !o.restrictBenefitGroups,
      groups: o.benefitGroups.map((g) => g.id),
    })),
    active: user.active,
  };
}

/** The create/update payload of the form's values (spec 2 §3). */
export function payloadOf(values: UserFormValues): UserCreateInput {
  const type = values.type ?? null;
  const allAccess = type === 'internal' && (values.orgAccess === 'all' || values.rxbAdmin);
  const extension = parseExtension(values.extension);
  return {
    username: values.username?.trim() || null,
    firstName: values.firstName?.trim() || null,
    lastName: values.lastName?.trim() || null,
    phone: values.phone?.trim() || null,
    extension: typeof extension === 'number' ? extension : null,
    type,
    rxbAdmin: type === 'internal' && values.rxbAdmin,
    allOrganizations: allAccess,
    active: values.active,
    roles: values.roles ?? [],
    organizations: allAccess
      ? []
      : (values.organizations ?? []).map((o) => ({
          orgId: o.orgId,
          all: o.all,
          groups: o.all ? [] : o.groups,
        })),
  };
}

/** Spec 2 §4: changing the type clears the roles and resets the organization selection. */
export function valuesAfterTypeChange(
  type: UserTypeName,
  canGrantAll: boolean,
): Partial<UserFormValues> {
  return {
    roles: [],
    organizations: [],
    rxbAdmin: false,
    orgAccess: type === 'internal' && canGrantAll ? 'all' : 'select',
  };
}

const extensionRule = {
  validator: async (_: unknown, value: string | undefined) => {
    if (parseExtension(value) === 'invalid') throw new Error('Extension must be a whole number');
  },
};

export interface UserFormFieldsProps {
  form: FormInstance<UserFormValues>;
  mode: 'create' | 'edit';
  /** Roles held when the form opened (edit). */
  initialRoles: readonly number[];
  /** Field errors the server sent for whole-form problems (organization groups). */
  groupErrors: Record<string, string>;
  readOnly?: boolean;
}

/**
 * The fields of the create and edit forms (spec 2 §2): user information, roles grouped per type,
 * organization access with groups, and the Activate/Deactivate toggle. The user type is chosen
 * in step 1 on create and at the top on edit, by the drawers.
 */
export function UserFormFields({
  form,
  mode,
  initialRoles,
  groupErrors,
  readOnly,
}: UserFormFieldsProps) {
  const { claims } = usePermissions();
  const type = Form.useWatch('type', form);
  const roles = Form.useWatch('roles', form) ?? [];
  const orgAccess = Form.useWatch('orgAccess', form);
  const rxbAdmin = Form.useWatch('rxbAdmin', form);
  const roleOptions = useRoles(type ? [type] : [], !!type);
  const rolesHeadingId = useId();
  const canGrantAll = claims.scope === 'all';
  const allAccess = type === 'internal' && (orgAccess === 'all' || rxbAdmin);

  return (
    <>
      <fieldset className="user-form__section">
        <legend>User Information</legend>
        <div className="user-form__grid">
          <Form.Item
            label="First Name"
            name="firstName"
            required
            rules={[
              { required: true, message: 'First Name is required' },
              zodRule(firstNameSchema()),
            ]}
          >
            <Input autoComplete="off" disabled={readOnly} />
          </Form.Item>
          <Form.Item
            label="Last Name"
            name="lastName"
            required
            rules={[
              { required: true, message: 'Last Name is required' },
              zodRule(lastNameSchema()),
            ]}
          >
            <Input autoComplete="off" disabled={readOnly} />
          </Form.Item>
          <Form.Item
            label="Email"
            name="username"
            required={mode === 'create'}
            rules={
              mode === 'create'
                ? [{ required: true, message: 'Email is required' }, zodRule(emailSchema('Email'))]
                : []
            }
            extra={mode === 'edit' ? 'The email cannot be changed.' : undefined}
          >
            <Input
              autoComplete="off"
              inputMode="email"
              readOnly={mode === 'edit'}
              disabled={readOnly}
            />
          </Form.Item>
          <Form.Item label="Phone" name="phone" rules={[zodRule(phoneSchema())]}>
            <PhoneInput disabled={readOnly} />
          </Form.Item>
          <Form.Item label="Extension" name="extension" rules={[extensionRule]}>
            <Input inputMode="numeric" autoComplete="off" maxLength={6} disabled={readOnly} />
          </Form.Item>
        </div>
      </fieldset>

      <section className="user-form__section" aria-labelledby={rolesHeadingId}>
        <h2 className="user-form__section-title" id={rolesHeadingId}>
          User Permissions
          <span className="user-form__required-count">{requiredRolesLabel(roles.length)}</span>
        </h2>
        {type ? (
          <Form.Item
            name="roles"
            rules={[
              {
                validator: async (_, value: number[] | undefined) => {
                  if (!value?.length) throw new Error(USER_MESSAGES.roleRequired);
                },
              },
            ]}
          >
            <RoleChecklist
              type={type}
              roles={roleOptions.data}
              loading={roleOptions.isLoading}
              initiallyHeld={initialRoles}
              disabled={readOnly}
            />
          </Form.Item>
        ) : (
          <p>Choose a user type to see its roles.</p>
        )}
      </section>

      <fieldset className="user-form__section">
        <legend>Organization Access</legend>
        {type === 'internal' && claims.rxbAdmin && (
          <Form.Item
            label="RxB Administrator (all organizations, every area)"
            name="rxbAdmin"
            valuePropName="checked"
          >
            <Switch checkedChildren="Yes" unCheckedChildren="No" disabled={readOnly} />
          </Form.Item>
        )}
        {type === 'internal' && !rxbAdmin && (
          <Form.Item label="Organizations" name="orgAccess">
            <Radio.Group
              disabled={readOnly}
              options={[
                {
                  value: 'all',
                  label: 'All Organizations',
                  disabled: !canGrantAll && form.getFieldValue('orgAccess') !== 'all',
                },
                { value: 'select', label: 'Select Organizations' },
              ]}
            />
          </Form.Item>
        )}
        {type && !allAccess && (
          <Form.Item
            label={type === 'internal' ? 'Selected organizations' : 'Organizations'}
            name="organizations"
            required
            rules={[
              {
                validator: async (_, value: OrganizationSelection[] | undefined) => {
                  if (!value?.length) throw new Error(USER_MESSAGES.organizationRequired);
                  const empty = value.find((o) => !o.all && !o.groups.length);
                  if (empty) throw new Error(`${USER_MESSAGES.groupRequired} for ${empty.name}`);
                },
              },
            ]}
          >
            <OrganizationAccessInput
              callerId={claims.userId}
              activeOnly={type !== 'internal'}
              groupErrors={groupErrors}
              disabled={readOnly}
            />
          </Form.Item>
        )}
        {!type && <p>Choose a user type to choose organizations.</p>}
      </fieldset>

      <Form.Item label="Activate/Deactivate" name="active" valuePropName="checked">
        <Switch checkedChildren="Yes" unCheckedChildren="No" disabled={readOnly} />
      </Form.Item>
    </>
  );
}

export function typeOptions(choices: UserTypeName[]) {
  return choices.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
}
