// The handover module's public entry: handing the documentation over machine-readably (VDI 2770).
export { handoverClassRoutes } from './handover-class.routes.ts';
export { vdi2770Routes } from './vdi2770.routes.ts';
