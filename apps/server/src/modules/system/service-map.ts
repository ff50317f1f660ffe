/** The service-base map is defined once, in the domain package, with the route contracts. */
export { API_SERVICES } from '@pillar/domain';
