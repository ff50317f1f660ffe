/** The 834 export of an organization's eligibility (issue 17, decision 0128): its route. */
export { eligibilityExportRoutes } from './eligibility-exports.routes.ts';
