import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
  type DependentDetail,
  type DependentRecordParams,
} from '@pillar/domain';
import { principalOf, type AccessRule } from '../../platform/auth/access.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { recordRoute } from '../../platform/http/record-route.ts';
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

  /** A GET of one dependent (the path's organization, member and dependent): 200 with `response`. */
  function dependentRead<R extends z.ZodType>(
    url: string,
    route: { access: AccessRule; summary: string; description: string; response: R },
    read: (
      deps: DependentRecordDeps,
      principal: Principal,
      params: DependentRecordParams,
    ) => Promise<z.input<R>>,
  ): void {
    recordRoute(
      app,
      { method: 'GET', url, ...route, tags, params: dependentRecordParams },
      (principal, params) => read(deps, principal, params),
    );
  }

  /** A write on one dependent that answers the dependent as GET does (200 dependentDetail). */
  function dependentWrite<B extends z.ZodType>(
    method: 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    route: { access: AccessRule; summary: string; description: string; body?: B },
    write: (
      deps: DependentRecordDeps,
      principal: Principal,
      params: DependentRecordParams,
      body: z.output<B>,
    ) => Promise<DependentDetail>,
  ): void {
    recordRoute(
      app,
      { method, url, ...route, tags, params: dependentRecordParams, response: dependentDetail },
      (principal, params, body) => write(deps, principal, params, body),
    );
  }

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

  dependentRead(
    ONE,
    {
      access: view,
      summary: 'One dependent',
      description: `The SSN only masked. When the dependent's group lies outside the user's groups, groupVisible is false and the group is not answered. ${SCOPE_NOTE}`,
      response: dependentDetail,
    },
    getDependent,
  );

  dependentWrite(
    'PUT',
    ONE,
    {
      access: edit,
      summary: "Edit a dependent's details",
      description: `The same rules as the create, checked against the organization's settings; fields left out are unchanged. Refused while the member is terminated. ${SCOPE_NOTE}`,
      body: dependentUpdateBody,
    },
    updateDependentRecord,
  );

  dependentRead(
    `${ONE}/ssn`,
    {
      access: viewSsn,
      summary: "Reveal a dependent's SSN",
      description: `Each call is written to the audit log. ${SCOPE_NOTE}`,
      response: ssnAnswer,
    },
    getDependentSsn,
  );

  dependentWrite(
    'PUT',
    `${ONE}/ssn`,
    {
      access: editSsn,
      summary: "Change a dependent's SSN",
      description: `999-99-9999; null removes it (not where the organization requires dependent SSNs). ${SCOPE_NOTE}`,
      body: dependentSsnBody,
    },
    updateDependentSsn,
  );

  dependentWrite(
    'PUT',
    `${ONE}/termination`,
    {
      access: edit,
      summary: 'Terminate a dependent',
      description: `The termination date may not be earlier than the effective date (400). 409 when already terminated; 400 while the member is terminated. ${SCOPE_NOTE}`,
      body: terminationBody,
    },
    terminateDependent,
  );

  dependentWrite(
    'DELETE',
    `${ONE}/termination`,
    {
      access: edit,
      summary: "Remove a dependent's termination",
      description: `Only while the member is active (400 otherwise); 409 when the dependent is not terminated. ${SCOPE_NOTE}`,
    },
    removeDependentTermination,
  );

  dependentWrite(
    'PATCH',
    `${ONE}/reinstatement`,
    {
      access: edit,
      summary: 'Reinstate a dependent',
      description: `The reinstatement date may not be earlier than the effective date and becomes the new effective date. 400 'Dependent cannot be reinstated because the member is terminated.' for a terminated member; 409 when the dependent is not terminated. ${SCOPE_NOTE}`,
      body: dependentReinstatementBody,
    },
    reinstateDependent,
  );

  dependentRead(
    `${ONE}/alternate-group-options`,
    {
      access: view,
      summary: "The groups a dependent's alternate group may be",
      description: `The organization's groups inside the user's groups, the current one flagged (current: listed, not a choice). 400 when the organization does not support dependent alternate groups. ${SCOPE_NOTE}`,
      response: alternateGroupOptions,
    },
    getAlternateGroupOptions,
  );

  dependentWrite(
    'PATCH',
    `${ONE}/alternate-group`,
    {
      access: edit,
      summary: "Change a dependent's group",
      description: `benefitGroupID is the group's number (benefitGroupNo); choosing the member's own group ends the alternate group. 400 for the current group, a terminated or unknown group, a change date before the effective date, a terminated dependent or member, or an organization without alternate groups. ${SCOPE_NOTE}`,
      body: dependentAlternateGroupBody,
    },
    changeAlternateGroup,
  );
}
