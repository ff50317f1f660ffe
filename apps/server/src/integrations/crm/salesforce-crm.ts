import { Connection } from 'jsforce';
import { stageFromCrmName, type CrmOpportunity } from '@pillar/domain';
import type { SalesforceSettings } from '../../config.ts';
import { CrmUnavailableError, type CrmAdapter } from './crm-adapter.ts';

/**
 * Salesforce through its REST API with jsforce (decision 0114), chosen by CRM_PROVIDER=salesforce.
 * Signs in with an access token and instance URL (SALESFORCE_ACCESS_TOKEN,
 * SALESFORCE_INSTANCE_URL), or with a username and password at SALESFORCE_LOGIN_URL (OAuth 2
 * username-password flow when SALESFORCE_CLIENT_ID and SECRET are set, else jsforce's login),
 * once, on the first call. Reads Opportunity with the fields of OPPORTUNITY_FIELDS; the custom
 * fields' API names are our org's, listed in the decision.
 */

/** The Opportunity fields read, standard and custom (relationship fields by their `__r` name). */
export const OPPORTUNITY_FIELDS = [
  'Id',
  'Name',
  'StageName',
  'LastModifiedDate',
  'Account.Name',
  'Owner.Name',
  'Owner.Email',
  'Broker_Account__r.Name',
  'Financial_Analyst__r.Name',
  'Financial_Analyst__r.Email',
  'SPA__c',
  'Total_Employees__c',
  'Total_Members__c',
  'Incumbent_PBM__c',
  'TPA__c',
  'Medical_Vendor__c',
  'Target_Effective_Date__c',
  'ERISA__c',
  'Strategic_Group__c',
  'In_House_Pharmacy_Name__c',
  'NPI_Number__c',
  'NABP_Number__c',
  'Analysis_Due_From_FA__c',
  'Analysis_Due_Date__c',
] as const;

type Named = { Name?: string | null; Email?: string | null } | null | undefined;

/** An Opportunity record as the query answers it. */
interface OpportunityRecord {
  Id: string;
  Name: string;
  StageName?: string | null;
  LastModifiedDate?: string | null;
  Account?: Named;
  Owner?: Named;
  Broker_Account__r?: Named;
  Financial_Analyst__r?: Named;
  SPA__c?: string | null;
  Total_Employees__c?: number | null;
  Total_Members__c?: number | null;
  Incumbent_PBM__c?: string | null;
  TPA__c?: string | null;
  Medical_Vendor__c?: string | null;
  Target_Effective_Date__c?: string | null;
  ERISA__c?: boolean | null;
  Strategic_Group__c?: string | null;
  In_House_Pharmacy_Name__c?: string | null;
  NPI_Number__c?: string | null;
  NABP_Number__c?: string | null;
  Analysis_Due_From_FA__c?: string | null;
  Analysis_Due_Date__c?: string | null;
}

/** A SOQL string literal's inside: quotes and backslashes escaped, and LIKE's wildcards. */
export function soqlLikeText(text: string): string {
  return text.replace(/[\\'%_]/gu, (c) => `\\${c}`);
}

const whole = (n: number | null | undefined) =>
  n === null || n === undefined ? null : Math.round(Number(n));
const person = (p: Named) => (p?.Name ? { name: p.Name, email: p.Email ?? null } : null);
const textOrNull = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? null : String(v);

export function toCrmOpportunity(r: OpportunityRecord): CrmOpportunity {
  return {
    sfId: r.Id,
    name: r.Name,
    employer: r.Account?.Name ?? r.Name,
    broker: r.Broker_Account__r?.Name ?? null,
    owner: person(r.Owner),
    fa: person(r.Financial_Analyst__r),
    spa: textOrNull(r.SPA__c),
    stage: stageFromCrmName(r.StageName),
    stageName: r.StageName ?? null,
    employees: whole(r.Total_Employees__c),
    members: whole(r.Total_Members__c),
    incumbentPbm: textOrNull(r.Incumbent_PBM__c),
    tpa: textOrNull(r.TPA__c),
    medVendor: textOrNull(r.Medical_Vendor__c),
    targetEffectiveDate: textOrNull(r.Target_Effective_Date__c),
    erisa: r.ERISA__c ?? null,
    strategicGroup: textOrNull(r.Strategic_Group__c),
    inHousePharmacyName: textOrNull(r.In_House_Pharmacy_Name__c),
    npiNumber: textOrNull(r.NPI_Number__c),
    nabpNumber: textOrNull(r.NABP_Number__c),
    analysisDueFromFA: textOrNull(r.Analysis_Due_From_FA__c),
    analysisDueDate: textOrNull(r.Analysis_Due_Date__c),
    lastModifiedAt: r.LastModifiedDate ? new Date(r.LastModifiedDate).toISOString() : null,
  };
}

export function createSalesforceCrm(settings: SalesforceSettings): CrmAdapter {
  let connecting: Promise<Connection> | null = null;

  async function connect(): Promise<Connection> {
    if (settings.accessToken && settings.instanceUrl) {
      return new Connection({
        instanceUrl: settings.instanceUrl,
        accessToken: settings.accessToken,
        version: settings.apiVersion,
      });
    }
    const conn = new Connection({
      loginUrl: settings.loginUrl,
      version: settings.apiVersion,
      ...(settings.clientId
        ? {
            oauth2: {
              loginUrl: settings.loginUrl,
              clientId: settings.clientId,
              ...(settings.clientSecret ? { clientSecret: settings.clientSecret } : {}),
            },
          }
        : {}),
    });
    await conn.login(settings.username ?? '', settings.password ?? '');
    return conn;
  }

  async function query(where: string, limit: number): Promise<CrmOpportunity[]> {
    try {
      connecting ??= connect();
      const conn = await connecting;
      const soql = `SELECT ${OPPORTUNITY_FIELDS.join(', ')} FROM Opportunity WHERE ${where} ORDER BY Account.Name, Id LIMIT ${limit}`;
      const result = await conn.query<OpportunityRecord>(soql);
      return result.records.map(toCrmOpportunity);
    } catch (error) {
      // A failed sign-in is retried on the next call; the cause stays out of the answer.
      connecting = null;
      throw new CrmUnavailableError('Salesforce did not answer', { cause: error });
    }
  }

  return {
    kind: 'salesforce',
    async searchOpportunities(employerName, limit) {
      const like = `'%${soqlLikeText(employerName)}%'`;
      return query(`(Account.Name LIKE ${like} OR Name LIKE ${like})`, limit);
    },
    async getOpportunity(sfId) {
      // The ID was checked as 15-18 letters and digits (sfOppIdSchema): safe inside quotes.
      if (!/^[A-Za-z0-9]{15,18}$/u.test(sfId)) return null;
      const [found] = await query(`Id = '${sfId}'`, 1);
      return found ?? null;
    },
  };
}
