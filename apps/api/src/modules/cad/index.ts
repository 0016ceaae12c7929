// The CAD module's public entry: other modules import CAD only from here.
export { cadKind } from './cad-kind.ts';
