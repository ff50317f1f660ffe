/** The organization workspace module's public surface. */
export { organizationWorkspaceRoutes } from './workspace.routes.ts';
/** The member record's reads and writes of divisions and benefit packages (this module's tables). */
export {
  benefitPackageColumnOf,
  divisionColumnOf,
  findBenefitPackage,
  findDivision,
  findDivisionById,
  groupIncentivePrograms,
  insertDivision,
} from './workspace.repo.ts';
