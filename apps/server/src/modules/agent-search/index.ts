/** The agent search module's public surface: the search service's routes (spec 2 §7). */
export { agentSearchRoutes } from './agent-search.routes.ts';
