/**
 * The data mapping module's public surface (spec 3 §7 "Data mapping service", /datamapping/v1):
 * the sample-file calls the import schemas' field definitions use (decision 0111).
 */
export { sampleFilesRoutes } from './sample-files.routes.ts';
