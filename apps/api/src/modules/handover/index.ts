// The handover module's public entry: handing the documentation over machine-readably (VDI 2770).
export { handoverClassRoutes } from './handover-class.routes.ts';
export { vdi2770Routes } from './vdi2770.routes.ts';
// The unit's Asset Administration Shell: the AASX package, its submodels and the identification link's answer to machines.
export { aasRoutes } from './aas.routes.ts';
export { handoverImportRoutes } from './handover-import.routes.ts';
