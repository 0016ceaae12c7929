// The admin-software module's public entry: the publishing routes of software, partner CAD libraries and the configurator's catalogue.
export { adminSoftwareRoutes } from './admin-software.routes.ts';
