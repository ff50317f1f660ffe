/** The call notes (issues) module's public surface: its routes (decision 0102). */
export { issuesRoutes } from './issues.routes.ts';
