import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PERMISSIONS,
  alternateGroupOptions,
  dependentAlternateGroupBody,
  dependentCreateBody,
  dependentDetail,
  dependentRecordParams,
  dependentReinstatementBody,
  dependentSsnBody,
  dependentUpdateBody,
  memberRecordParams,
  ssnAnswer,
  terminationBody,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import {
  changeAlternateGroup,
  createDependent,
  getAlternateGroupOptions,
  getDependent,
  getDependentSsn,
  reinstateDependent,
  removeDependentTermination,
  terminateDependent,
  updateDependentRecord,
  updateDependentSsn,
  type DependentRecordDeps,
} from './dependent-record.service.ts';

const view = { allOf: [PERMISSIONS.viewMember] } as const;
const edit = { allOf: [PERMISSIONS.editMember] } as const;
const viewSsn = { allOf: [PERMISSIONS.viewMember, PERMISSIONS.viewSsn] } as const;
const editSsn = { allOf: [PERMISSIONS.editMember, PERMISSIONS.viewSsn] } as const;

const BASE = '/portal/v1/organizations/:orgId/employees/:employeeId/dependents';
const ONE = `${BASE}/:dependentId`;
const SCOPE_NOTE =
  "404 when the organization, member or dependent is unknown, outside the user's organizations or groups, or the dependent is not the member's.";
const tags = ['dependents'];

/** A dependent's record and lifecycle (spec 1 §4, §7). */
export async function dependentRecordRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: DependentRecordDeps = {
    db: app.ctx.db,
    ssn: createSsnProtector(app.ctx.secrets.ssnKey),
  };

  r.post(
    BASE,
    {
      config: { access: edit },
      schema: {
        summary: 'Add a dependent to a member',
        description: `Checked against the organization's settings: the SSN (9 digits, no dashes) is required when the organization requires dependent SSNs and does not default them; with defaultDependentSSN an SSN left out is the member's. Address fields only where the organization supports a dependent's own address, COB only with useCOB, client defined data only where supported (400 naming the field otherwise). Refused for a terminated member. ${SCOPE_NOTE}`,
        tags,
        params: memberRecordParams,
        body: dependentCreateBody,
        response: { 201: dependentDetail },
      },
    },
    async (request, reply) => {
      const detail = await createDependent(
        deps,
        principalOf(request),
        request.params,
        request.body,
      );
      return reply.status(201).send(detail);
    },
  );

  r.get(
    ONE,
    {
      config: { access: view },
      schema: {
        summary: 'One dependent',
        description: `The SSN only masked. When the dependent's group lies outside the user's groups, groupVisible is false and the group is not answered. ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        response: { 200: dependentDetail },
      },
    },
    async (request) => getDependent(deps, principalOf(request), request.params),
  );

  r.put(
    ONE,
    {
      config: { access: edit },
      schema: {
        summary: "Edit a dependent's details",
        description: `The same rules as the create, checked against the organization's settings; fields left out are unchanged. Refused while the member is terminated. ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        body: dependentUpdateBody,
        response: { 200: dependentDetail },
      },
    },
    async (request) =>
      updateDependentRecord(deps, principalOf(request), request.params, request.body),
  );

  r.get(
    `${ONE}/ssn`,
    {
      config: { access: viewSsn },
      schema: {
        summary: "Reveal a dependent's SSN",
        description: `Each call is written to the audit log. ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        response: { 200: ssnAnswer },
      },
    },
    async (request) => getDependentSsn(deps, principalOf(request), request.params),
  );

  r.put(
    `${ONE}/ssn`,
    {
      config: { access: editSsn },
      schema: {
        summary: "Change a dependent's SSN",
        description: `999-99-9999; null removes it (not where the organization requires dependent SSNs). ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        body: dependentSsnBody,
        response: { 200: dependentDetail },
      },
    },
    async (request) => updateDependentSsn(deps, principalOf(request), request.params, request.body),
  );

  r.put(
    `${ONE}/termination`,
    {
      config: { access: edit },
      schema: {
        summary: 'Terminate a dependent',
        description: `The termination date may not be earlier than the effective date (400). 409 when already terminated; 400 while the member is terminated. ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        body: terminationBody,
        response: { 200: dependentDetail },
      },
    },
    async (request) => terminateDependent(deps, principalOf(request), request.params, request.body),
  );

  r.delete(
    `${ONE}/termination`,
    {
      config: { access: edit },
      schema: {
        summary: "Remove a dependent's termination",
        description: `Only while the member is active (400 otherwise); 409 when the dependent is not terminated. ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        response: { 200: dependentDetail },
      },
    },
    async (request) => removeDependentTermination(deps, principalOf(request), request.params),
  );

  r.patch(
    `${ONE}/reinstatement`,
    {
      config: { access: edit },
      schema: {
        summary: 'Reinstate a dependent',
        description: `The reinstatement date may not be earlier than the effective date and becomes the new effective date. 400 'Dependent cannot be reinstated because the member is terminated.' for a terminated member; 409 when the dependent is not terminated. ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        body: dependentReinstatementBody,
        response: { 200: dependentDetail },
      },
    },
    async (request) => reinstateDependent(deps, principalOf(request), request.params, request.body),
  );

  r.get(
    `${ONE}/alternate-group-options`,
    {
      config: { access: view },
      schema: {
        summary: "The groups a dependent's alternate group may be",
        description: `The organization's groups inside the user's groups, the current one flagged (current: listed, not a choice). 400 when the organization does not support dependent alternate groups. ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        response: { 200: alternateGroupOptions },
      },
    },
    async (request) => getAlternateGroupOptions(deps, principalOf(request), request.params),
  );

  r.patch(
    `${ONE}/alternate-group`,
    {
      config: { access: edit },
      schema: {
        summary: "Change a dependent's group",
        description: `benefitGroupID is the group's number (benefitGroupNo); choosing the member's own group ends the alternate group. 400 for the current group, a terminated or unknown group, a change date before the effective date, a terminated dependent or member, or an organization without alternate groups. ${SCOPE_NOTE}`,
        tags,
        params: dependentRecordParams,
        body: dependentAlternateGroupBody,
        response: { 200: dependentDetail },
      },
    },
    async (request) =>
      changeAlternateGroup(deps, principalOf(request), request.params, request.body),
  );
}
