// The admin-software module's public entry: the publishing routes of software, partner CAD libraries and the configurator's catalogue,
// and the two kinds it publishes as releases (listed in modules/content-kinds.ts).
export { adminSoftwareRoutes } from './admin-software.routes.ts';
export { cadLibraryRelease } from './cad-library-release.ts';
export { softwareRelease } from './software-release.ts';
